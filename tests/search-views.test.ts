/**
 * A search's views (lib/catalog/search-view.ts): what proxy.ts does with a
 * search asked with a sort, a page or a filter, and with a view's own page;
 * the addresses a results page writes; that proxy.ts's matcher sends it
 * every such request.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as pageStaticInfo from "next/dist/build/analysis/get-page-static-info";
import type { ProxyMatcher } from "next/dist/build/analysis/get-page-static-info";
import { config } from "@/proxy";
import { NO_FILTER } from "@/lib/catalog/listing-filter";
import { LIMITS } from "@/lib/data/contract/limits";
import { CATALOG_SORTS } from "@/lib/data/contract/catalog";
import {
  SEARCH_PAGES_MAX,
  SEARCH_PAGE_SIZE,
  SEARCH_SORTS,
  SEARCH_SORT_LABELS,
  parseViewSegments,
  searchRequestPath,
  searchViewHref,
  viewPageRoute,
} from "@/lib/catalog/search-view";
import { searchViewPage } from "@/lib/catalog/search-view-page";
import type { Product } from "@/lib/data/contract/catalog";

const { getMiddlewareMatchers } = pageStaticInfo as unknown as {
  getMiddlewareMatchers(matcher: unknown, nextConfig: object): ProxyMatcher[];
};

const served = (query: string) => searchRequestPath(new URLSearchParams(query));

describe("a search's views", () => {
  it("offers relevance first, then every order a category has, each in words", () => {
    assert.deepEqual(SEARCH_SORTS, ["relevance", ...CATALOG_SORTS]);
    assert.equal(SEARCH_SORT_LABELS.relevance, "Best match");
    assert.equal(SEARCH_SORT_LABELS["price-asc"], "Price: low to high");
  });

  it("pages the longest list a search ranks, 24 products a page", () => {
    assert.equal(SEARCH_PAGE_SIZE, 24);
    assert.equal(SEARCH_PAGES_MAX, Math.ceil(LIMITS.searchResultsMax / 24));
    assert.equal(SEARCH_PAGES_MAX, 9);
  });

  it("serves a query alone, or with the plain view spelled out, by the query's own cached page", () => {
    assert.equal(served("q=USB cable"), "/search/USB%20cable");
    assert.equal(served("q=lamp&sort=relevance&page=1&min=&max="), "/search/lamp", "the form's empty fields are the plain view");
    assert.equal(served("q=lamp&sort=cheapest"), "/search/lamp", "an unknown sort is relevance");
  });

  it("serves a sort, a page or a filter by that view's page, the query escaped last", () => {
    assert.equal(served("q=lamp&sort=price-asc"), "/search-view/price-asc/1/--all/lamp");
    assert.equal(served("q=desk lamp&page=3"), "/search-view/relevance/3/--all/desk%20lamp");
    assert.equal(served("q=lamp&min=5&max=19.99&stock=in&sort=name-asc&page=2"), "/search-view/name-asc/2/500-1999-in/lamp");
    assert.equal(served("q=a/b?c&stock=in"), "/search-view/relevance/1/--in/a%2Fb%3Fc");
  });

  it("serves a filter it cannot read by a page that says so, and a page number that is none or past the list as the 404 page", () => {
    assert.equal(served("q=lamp&min=ten"), "/search-view/relevance/1/invalid-min/lamp");
    assert.equal(served("q=lamp&min=20&max=5"), "/search-view/relevance/1/invalid-range/lamp");
    assert.equal(served("q=lamp&stock=yes"), "/search-view/relevance/1/invalid-stock/lamp");
    for (const page of ["0", "x", "-1", "01", "2.5"]) assert.equal(served(`q=lamp&page=${page}`), "not-found", page);
    assert.equal(served(`q=lamp&page=${SEARCH_PAGES_MAX}`), `/search-view/relevance/${SEARCH_PAGES_MAX}/--all/lamp`);
    assert.equal(served(`q=lamp&page=${SEARCH_PAGES_MAX + 1}`), "not-found", "no search lists more pages: no read to say so");
  });

  it("leaves a search with nothing to look for to the search page itself, whatever its view", () => {
    assert.equal(served("q=&sort=price-asc"), null);
    assert.equal(served("q=%20%20&page=2"), null);
    assert.equal(served("sort=price-asc"), null);
  });

  it("writes each view's address as its form would send it, and the pages' links keep the view", () => {
    assert.equal(searchViewHref("lamp", "relevance", 1), "/search?q=lamp");
    assert.equal(searchViewHref("desk lamp", "price-desc", 2), "/search?q=desk+lamp&sort=price-desc&page=2");
    assert.equal(
      searchViewHref("lamp", "relevance", 3, { minCents: 500, maxCents: 1999, inStockOnly: true }),
      "/search?q=lamp&min=5&max=19.99&stock=in&page=3",
    );
    for (const href of [
      searchViewHref("desk lamp", "name-asc", 4, { minCents: null, maxCents: 2000, inStockOnly: false }),
      searchViewHref("50% off/clearance", "newest", 2, NO_FILTER),
    ]) {
      const url = new URL(href, "http://shop.test");
      const path = searchRequestPath(url.searchParams);
      assert.ok(path !== null && path !== "not-found" && path.startsWith("/search-view/"), href);
      const parsed = parseViewSegments(path.slice("/search-view/".length).split("/"));
      assert.ok(parsed !== null, path);
      assert.equal(
        searchViewHref(
          decodeURIComponent(parsed.query.join("")),
          parsed.view.sort,
          parsed.view.page,
          parsed.view.filter as typeof NO_FILTER,
        ),
        href,
        "the view's page names the address it serves",
      );
    }
  });

  it("reads a view page's path back, and names the 404 page for one it does not write", () => {
    assert.deepEqual(parseViewSegments(["price-asc", "2", "500--in", "desk%20lamp"]), {
      view: { sort: "price-asc", page: 2, filter: { minCents: 500, maxCents: null, inStockOnly: true } },
      query: ["desk%20lamp"],
    });
    assert.deepEqual(parseViewSegments(["newest", "1", "--all", "lamp"])?.view.filter, NO_FILTER);
    assert.equal(parseViewSegments(["newest", "1", "invalid-max", "lamp"])?.view.filter, "invalid-max");
    for (const bad of [
      ["cheapest", "1", "--all", "lamp"],
      ["newest", "0", "--all", "lamp"],
      ["newest", String(SEARCH_PAGES_MAX + 1), "--all", "lamp"],
      ["newest", "1", "500-100-all", "lamp"],
      ["newest", "1", "__proto__", "lamp"],
      ["newest", "1", "--all"],
    ]) {
      assert.equal(parseViewSegments(bad), null, bad.join("/"));
      assert.equal(viewPageRoute(`/search-view/${bad.join("/")}`), "not-found", bad.join("/"));
    }
    assert.equal(viewPageRoute("/search-view/newest/1/--all/lamp"), null, "served as it is");
  });

  it("sends a view page whose query is longer than any the shop writes to that query's view, cut to the longest query", () => {
    const long = "a".repeat(130);
    const route = viewPageRoute(`/search-view/price-asc/2/--in/${long}`);
    assert.equal(route, `/search?q=${"a".repeat(LIMITS.queryMax)}&sort=price-asc&stock=in&page=2`);
    assert.equal(viewPageRoute(`/search-view/price-asc/2/--in/${"%20".repeat(130)}`), "/search", "a query of spaces is none");
  });

  it("is seen by proxy.ts for every search asked with a query and every view page", () => {
    const matchers = getMiddlewareMatchers(config.matcher, {});
    const byPath = matchers.filter((m) => !m.has && !m.missing).map((m) => new RegExp(m.regexp));
    const withQuery = matchers.filter((m) => m.has?.some((h) => h.type === "query" && h.key === "q")).map((m) => new RegExp(m.regexp));
    assert.ok(
      withQuery.some((re) => re.test("/search")),
      "/search?q=…",
    );
    assert.ok(
      byPath.some((re) => re.test("/search-view/price-asc/1/--all/lamp")),
      "/search-view/…",
    );
    assert.ok(
      byPath.some((re) => re.test("/search/lamp")),
      "/search/<query>",
    );
    assert.ok(!byPath.some((re) => re.test("/search")), "/search without a query: a static page, no function call");
  });
});

describe("a page of a search's view", () => {
  // A ranked list as the store returns it: best match first (ids say the rank).
  const results: Product[] = Array.from({ length: 30 }, (_, i) => ({
    id: `r${String(i).padStart(2, "0")}`,
    name: `Lamp ${String.fromCharCode(122 - i)}`,
    details: "",
    images: [{ src: "https://example.test/a.jpg", alt: "A picture" }],
    priceCents: ((i * 7) % 30) * 100 + 100,
    type: "Electronics",
    createdAt: 1_000 + i,
  }));
  const stock = { r01: { kind: "out" as const }, r02: { kind: "low" as const, left: 2 }, r03: { kind: "out" as const } };
  const ids = (products: readonly Product[]) => products.map((p) => p.id);

  it("keeps relevance's order and cuts 24 a page", () => {
    const first = searchViewPage(results, stock, "relevance", 1, NO_FILTER);
    assert.deepEqual(ids(first.products), ids(results.slice(0, 24)));
    assert.equal(first.total, 30);
    assert.deepEqual(ids(searchViewPage(results, stock, "relevance", 2, NO_FILTER).products), ids(results.slice(24)));
    assert.deepEqual(searchViewPage(results, stock, "relevance", 3, NO_FILTER).products, [], "a page past the last is empty");
  });

  it("orders by the catalogue's sorts over the whole list, not the page", () => {
    const cheapest = searchViewPage(results, stock, "price-asc", 1, NO_FILTER).products;
    assert.equal(cheapest[0].priceCents, 100);
    assert.ok(cheapest.every((p, i) => i === 0 || cheapest[i - 1].priceCents <= p.priceCents));
    const dearest = searchViewPage(results, stock, "price-desc", 2, NO_FILTER).products;
    assert.equal(dearest.at(-1)?.priceCents, 100, "page 2 of high to low ends with the cheapest");
    assert.deepEqual(ids(searchViewPage(results, stock, "newest", 1, NO_FILTER).products.slice(0, 2)), ["r29", "r28"]);
    assert.deepEqual(ids(searchViewPage(results, stock, "name-asc", 1, NO_FILTER).products.slice(0, 1)), ["r29"], "Lamp a… before Lamp z");
  });

  it("narrows by price and stock as the cards show it, and gives only the page's stock", () => {
    const narrow = searchViewPage(results, stock, "relevance", 1, { minCents: 200, maxCents: 500, inStockOnly: true });
    assert.ok(narrow.products.every((p) => p.priceCents >= 200 && p.priceCents <= 500));
    assert.ok(!ids(narrow.products).includes("r01") && !ids(narrow.products).includes("r03"), "out of stock left out");
    assert.equal(narrow.total, results.filter((p) => p.priceCents >= 200 && p.priceCents <= 500 && !["r01", "r03"].includes(p.id)).length);
    const withLow = searchViewPage(results, stock, "relevance", 1, { minCents: null, maxCents: null, inStockOnly: true });
    assert.ok(ids(withLow.products).includes("r02"), "a few left is in stock");
    assert.deepEqual(withLow.stock, { r02: { kind: "low", left: 2 } });
  });
});
