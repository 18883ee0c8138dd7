/**
 * A category's views (lib/catalog/listing-route.ts, listing-pages.ts,
 * listing-sort.ts): what proxy.ts does with a category's address, a sort
 * and a page number, and with a view's own path; the page links and
 * addresses a page writes; and that proxy.ts's matcher sends it every such
 * request of every category (the matcher is literal text, read at build)
 * and no plain listing.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as pageStaticInfo from "next/dist/build/analysis/get-page-static-info";
import type { ProxyMatcher } from "next/dist/build/analysis/get-page-static-info";
import { config } from "@/proxy";
import { CATEGORIES } from "@/lib/catalog/categories";
import { categoryPageCount, categoryPageStart, listingHref, pageLinks, parsePageNumber } from "@/lib/catalog/listing-pages";
import { listingRoute } from "@/lib/catalog/listing-route";
import {
  FILTER_ERRORS,
  FILTER_PARAMS,
  NO_FILTER,
  describeFilter,
  filterSegment,
  parseFilterSegment,
  parseListingFilter,
} from "@/lib/catalog/listing-filter";
import { SORT_LABELS, parseListingSort } from "@/lib/catalog/listing-sort";
import { CATALOG_SORTS } from "@/lib/data/contract/catalog";

// How the build turns proxy.ts's matcher into the regular expressions Next tests each path with (not in Next's types).
const { getMiddlewareMatchers } = pageStaticInfo as unknown as {
  getMiddlewareMatchers(matcher: unknown, nextConfig: object): ProxyMatcher[];
};

const route = (path: string) => {
  const url = new URL(path, "http://shop.test");
  return listingRoute(url.pathname, url.searchParams);
};

describe("a category's views", () => {
  it("serves a category's address with a known sort or a page number by that view's page, and leaves the rest to the plain listing", () => {
    for (const { path, type } of CATEGORIES) {
      for (const sort of CATALOG_SORTS) {
        assert.deepEqual(route(`${path}?sort=${sort}`), { type, page: 1, rewrite: `${path}/sorted/${sort}/1`, filtered: false });
        assert.deepEqual(route(`${path}?sort=${sort}&page=3`), { type, page: 3, rewrite: `${path}/sorted/${sort}/3`, filtered: false });
      }
      assert.deepEqual(route(`${path}?page=2`), { type, page: 2, rewrite: `${path}/sorted/newest/2`, filtered: false });
    }
    assert.deepEqual(route("/books?sort=price-asc&utm_source=x"), {
      type: "Book",
      page: 1,
      rewrite: "/books/sorted/price-asc/1",
      filtered: false,
    });
    assert.deepEqual(route("/books?sort=cheapest&page=2"), { type: "Book", page: 2, rewrite: "/books/sorted/newest/2", filtered: false });
    assert.deepEqual(route("/books?page=1"), { type: "Book", page: 1, rewrite: "/books/sorted/newest/1", filtered: false });
    assert.equal(route("/books?sort=cheapest"), null);
    assert.equal(route("/books?sort=__proto__"), null);
    assert.equal(route("/books"), null);
    assert.equal(route("/search?sort=price-asc&page=2"), null);
  });

  it("answers a page number that is no number, and a view's path of an unknown order or number, with the 404 page", () => {
    for (const page of ["0", "-1", "01", "1.5", "x", "", "2e3", "1000000", "9".repeat(400)]) {
      assert.equal(route(`/books?page=${page}`), "not-found", `?page=${page}`);
    }
    assert.equal(route("/sport/sorted/cheapest/1"), "not-found");
    assert.equal(route("/sport/sorted/price-asc"), "not-found");
    assert.equal(route("/sport/sorted/price-asc/0"), "not-found");
    assert.equal(route("/sport/sorted/price-asc/2/x"), "not-found");
    assert.equal(route("/sport/sorted/"), "not-found");
    assert.deepEqual(route("/sport/sorted/name-asc/4"), { type: "Sport", page: 4, rewrite: null, filtered: false });
    assert.equal(route("/search/sorted/x"), null);
    assert.equal(parseListingSort("price-desc"), "price-desc");
    assert.deepEqual(Object.keys(SORT_LABELS), [...CATALOG_SORTS], "a label for each sort, in its order");
  });

  it("reads page numbers as addresses write them, and counts pages", () => {
    assert.equal(parsePageNumber("1"), 1);
    assert.equal(parsePageNumber("999999"), 999_999);
    assert.equal(parsePageNumber(" 2"), null);
    assert.equal(categoryPageCount("Book", 0), 1, "an empty category has its one page");
    assert.equal(categoryPageCount("Book", 12), 1);
    assert.equal(categoryPageCount("Book", 13), 2);
    assert.equal(categoryPageCount("Book", 12_500), 1042);
    assert.equal(categoryPageCount("Accessories", 10), 2, "8 to a page");
    assert.equal(categoryPageStart("Accessories", 3), 16);
  });

  it("writes each view's address with its sort unless newest and its page unless the first", () => {
    assert.equal(listingHref("/books", "newest", 1), "/books");
    assert.equal(listingHref("/books", "newest", 2), "/books?page=2");
    assert.equal(listingHref("/books", "price-asc", 1), "/books?sort=price-asc");
    assert.equal(listingHref("/books", "name-asc", 12), "/books?sort=name-asc&page=12");
    for (const sort of CATALOG_SORTS) {
      for (const page of [1, 2, 40]) {
        const view = route(listingHref("/sport", sort, page));
        const served = view === null ? { sort: "newest", page: 1 } : view === "not-found" ? null : view;
        assert.ok(served !== null && served.page === page, `${sort} page ${page} is served as written`);
      }
    }
  });

  it("links the first and last pages and the current one's neighbours, with a gap where more are left out", () => {
    assert.deepEqual(pageLinks(1, 1), [1]);
    assert.deepEqual(pageLinks(1, 2), [1, 2]);
    assert.deepEqual(pageLinks(1, 5), [1, 2, "gap", 5]);
    assert.deepEqual(pageLinks(3, 5), [1, 2, 3, 4, 5]);
    assert.deepEqual(pageLinks(5, 20), [1, "gap", 4, 5, 6, "gap", 20]);
    assert.deepEqual(pageLinks(20, 20), [1, "gap", 19, 20]);
    assert.deepEqual(pageLinks(4, 20), [1, 2, 3, 4, 5, "gap", 20], "a gap of one page names it");
  });

  it("is seen by proxy.ts for every category's views and view pages, and for no plain listing", () => {
    const matchers = getMiddlewareMatchers(config.matcher, {});
    const byPath = matchers.filter((m) => !m.has && !m.missing).map((m) => new RegExp(m.regexp));
    const withQuery = (key: string) =>
      matchers.filter((m) => m.has?.some((h) => h.type === "query" && h.key === key)).map((m) => new RegExp(m.regexp));
    for (const { path } of CATEGORIES) {
      assert.ok(
        byPath.some((re) => re.test(`${path}/sorted/cheapest/1`)),
        `${path}/sorted/…`,
      );
      for (const key of ["sort", "page", ...Object.values(FILTER_PARAMS)]) {
        assert.ok(
          withQuery(key).some((re) => re.test(path)),
          `${path}?${key}=…`,
        );
      }
      assert.ok(!byPath.some((re) => re.test(path)), `${path}: a static page, no function call without a view`);
    }
  });

  it("serves a filtered view by its filter's own page, and one it cannot read by a page that says what is wrong", () => {
    assert.deepEqual(route("/sport?max=20&stock=in&sort=price-asc&page=2"), {
      type: "Sport",
      page: 2,
      rewrite: "/sport/sorted/price-asc/2/-2000-in",
      filtered: true,
    });
    assert.deepEqual(route("/books?min=5&max=12.50"), {
      type: "Book",
      page: 1,
      rewrite: "/books/sorted/newest/1/500-1250-all",
      filtered: true,
    });
    assert.deepEqual(route("/books?stock=in"), { type: "Book", page: 1, rewrite: "/books/sorted/newest/1/--in", filtered: true });
    assert.deepEqual(
      route("/books?min=0"),
      { type: "Book", page: 1, rewrite: "/books/sorted/newest/1/0--all", filtered: true },
      "from $0 is a filter",
    );
    // What the form sends with its amounts left empty and the box unticked: no filter.
    assert.deepEqual(route("/books?sort=newest&min=&max="), { type: "Book", page: 1, rewrite: "/books/sorted/newest/1", filtered: false });
    assert.equal(route("/books?min=&max=&stock="), null, "nothing asked: the plain listing");
    assert.deepEqual(route("/books?min=abc"), { type: "Book", page: 1, rewrite: "/books/sorted/newest/1/invalid-min", filtered: true });
    assert.deepEqual(route("/books?max=0"), { type: "Book", page: 1, rewrite: "/books/sorted/newest/1/invalid-max", filtered: true });
    assert.deepEqual(route("/books?min=30&max=20"), {
      type: "Book",
      page: 1,
      rewrite: "/books/sorted/newest/1/invalid-range",
      filtered: true,
    });
    assert.deepEqual(route("/books/sorted/newest/1/500-1250-all"), { type: "Book", page: 1, rewrite: null, filtered: true });
    for (const segment of [
      "x",
      "500-100-all",
      "--1-all",
      "05--all",
      "--yes",
      "-0-all",
      "100000001--all",
      "500-1250-all-x",
      "--all",
      "__proto__",
      "constructor",
      "toString",
    ]) {
      assert.equal(route(`/books/sorted/newest/1/${segment}`), "not-found", segment);
    }
  });

  it("reads amounts as a shopper types them, at most two decimals, from $0 to the highest price", () => {
    const read = (query: string) => parseListingFilter(new URLSearchParams(query));
    assert.deepEqual(read(""), NO_FILTER);
    assert.deepEqual(read("min=5.5&max=1000000"), { minCents: 550, maxCents: 100_000_000, inStockOnly: false });
    assert.deepEqual(read("min= 7 "), { minCents: 700, maxCents: null, inStockOnly: false });
    for (const bad of ["-1", "1.999", "1e3", "1000001", "0x10", "$5", "five"])
      assert.equal(read(`min=${encodeURIComponent(bad)}`), "invalid-min", bad);
    assert.equal(read("max=0"), "invalid-max", "a highest price of $0 matches nothing a shop sells");
    assert.deepEqual(read("min=12&max=12"), read("min=12&max=12.00"), "one price is a range");
    for (const error of Object.keys(FILTER_ERRORS)) assert.ok(FILTER_ERRORS[error as keyof typeof FILTER_ERRORS].endsWith("."));
  });

  it("writes each filter's segment and address so that reading them back gives the same filter, and says it in words", () => {
    const filters = [
      { minCents: 500, maxCents: 2000, inStockOnly: true },
      { minCents: null, maxCents: 1999, inStockOnly: false },
      { minCents: 0, maxCents: null, inStockOnly: true },
      { minCents: 1250, maxCents: 1250, inStockOnly: false },
    ];
    for (const filter of filters) {
      assert.deepEqual(parseFilterSegment(filterSegment(filter)), filter);
      const href = listingHref("/sport", "price-desc", 3, filter);
      const view = route(href);
      assert.ok(view !== null && view !== "not-found" && view.rewrite === `/sport/sorted/price-desc/3/${filterSegment(filter)}`, href);
    }
    assert.equal(listingHref("/books", "newest", 2, filters[0]), "/books?min=5&max=20&stock=in&page=2");
    assert.equal(listingHref("/books", "newest", 1, filters[1]), "/books?max=19.99");
    assert.equal(describeFilter(filters[0]), "$5 to $20, in stock");
    assert.equal(describeFilter(filters[1]), "up to $19.99");
    assert.equal(describeFilter(filters[2]), "$0 and up, in stock");
    assert.equal(describeFilter({ minCents: 100_000, maxCents: null, inStockOnly: false }), "$1,000 and up");
  });
});
