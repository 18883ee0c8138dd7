/**
 * A category's sorted views (lib/catalog/listing-sort.ts): what proxy.ts
 * does with a category's address and a sort, and with a sorted page's own
 * path, and that its matcher sends it every such request of every category
 * (the matcher is literal text, read at build) and no plain listing.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as pageStaticInfo from "next/dist/build/analysis/get-page-static-info";
import type { ProxyMatcher } from "next/dist/build/analysis/get-page-static-info";
import { config } from "@/proxy";
import { CATEGORIES } from "@/lib/catalog/categories";
import { SORT_LABELS, parseListingSort, sortedRoute } from "@/lib/catalog/listing-sort";
import { CATALOG_SORTS } from "@/lib/data/contract/catalog";

// How the build turns proxy.ts's matcher into the regular expressions Next tests each path with (not in Next's types).
const { getMiddlewareMatchers } = pageStaticInfo as unknown as {
  getMiddlewareMatchers(matcher: unknown, nextConfig: object): ProxyMatcher[];
};

const route = (path: string) => {
  const url = new URL(path, "http://shop.test");
  return sortedRoute(url.pathname, url.searchParams);
};

describe("a category's sorted views", () => {
  it("serves a category's address with a known sort by that sort's page, and leaves an unknown sort to the plain listing", () => {
    for (const { path } of CATEGORIES) {
      for (const sort of CATALOG_SORTS) assert.deepEqual(route(`${path}?sort=${sort}`), { rewrite: `${path}/sorted/${sort}` });
    }
    assert.deepEqual(route("/books?sort=price-asc&utm_source=x"), { rewrite: "/books/sorted/price-asc" });
    assert.equal(route("/books?sort=cheapest"), null);
    assert.equal(route("/books?sort=__proto__"), null);
    assert.equal(route("/books"), null);
    assert.equal(route("/search?sort=price-asc"), null);
  });

  it("answers a sorted page's own path of an unknown order with the 404 page, and leaves a known one to its page", () => {
    assert.equal(route("/sport/sorted/cheapest"), "not-found");
    assert.equal(route("/sport/sorted/price-asc/2"), "not-found");
    assert.equal(route("/sport/sorted/"), "not-found");
    assert.equal(route("/sport/sorted/name-asc"), null);
    assert.equal(route("/search/sorted/x"), null);
    assert.equal(parseListingSort("price-desc"), "price-desc");
    assert.deepEqual(Object.keys(SORT_LABELS), [...CATALOG_SORTS], "a label for each sort, in its order");
  });

  it("is seen by proxy.ts for every category's sorted view and sorted pages, and for no plain listing", () => {
    const matchers = getMiddlewareMatchers(config.matcher, {});
    const byPath = matchers.filter((m) => !m.has && !m.missing).map((m) => new RegExp(m.regexp));
    const withSort = matchers.filter((m) => m.has?.some((h) => h.type === "query" && h.key === "sort")).map((m) => new RegExp(m.regexp));
    for (const { path } of CATEGORIES) {
      assert.ok(
        byPath.some((re) => re.test(`${path}/sorted/cheapest`)),
        `${path}/sorted/…`,
      );
      assert.ok(
        withSort.some((re) => re.test(path)),
        `${path}?sort=…`,
      );
      assert.ok(!byPath.some((re) => re.test(path)), `${path}: a static page, no function call without a sort`);
    }
  });
});
