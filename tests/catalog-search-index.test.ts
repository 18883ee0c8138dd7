/**
 * Search, category and the admin's list filter the catalogue in memory, its
 * search text normalised once (lib/catalog/search-index.ts), instead of
 * querying the store. Their results must stay exactly what the store's own
 * queries return: same order, same limit. Checked against the SQLite store holding the demo
 * catalogue plus products that stress ordering (equal timestamps) and
 * matching (case, accents, whitespace).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { demoProducts } from "@/lib/catalog/demo";
import { buildSearchIndex, type SearchIndex } from "@/lib/catalog/search-index";
import { EMPTY_CATALOG_PLACEHOLDER_ID, PRERENDERED_DETAILS_PAGES, detailsStaticParams } from "@/lib/catalog/static-params";
import { normalizeSearchText } from "@/lib/data/search";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { PRODUCT_TYPES, type Product, type Store } from "@/lib/data/types";
import { idSchema } from "@/lib/data/validation";
import { product } from "./helpers/fixtures";

const dir = mkdtempSync(join(tmpdir(), "catalog-search-index-"));
let store: Store;
let catalog: Product[];
let index: SearchIndex;

const TIE = Date.UTC(2026, 5, 1);
const extras: Product[] = [
  product("tie-b", TIE, "Sport", { name: "Trail Ｒunning Shoes", details: "Grip  for   wet rock." }),
  product("tie-a", TIE, "Sport", { name: "Café Mug", details: "STONEWARE, holds 350 ml." }),
  product("tie-c", TIE, "Accessories", { name: "USB Cable", details: "Braided usb-c to usb-c." }),
];

before(async () => {
  store = await openSqliteStore(join(dir, "catalog.db"));
  await store.upsertProducts([...demoProducts(), ...extras]);
  catalog = await store.listProducts();
  index = buildSearchIndex(catalog);
});

after(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the indexed catalogue gives what the store's queries give", () => {
  it("lists each type in the store's order, cut at the limit", async () => {
    for (const type of PRODUCT_TYPES) {
      for (const limit of [1, 3, 8, 12, 100]) {
        assert.deepEqual(index.select({ query: "", type, limit }), await store.listProductsByType(type, limit), `${type}, ${limit}`);
      }
    }
  });

  // The shop's search is the store's ranked one (Store.searchProducts); the
  // index's own text filter is what the admin's list uses until it moves to it.
  it("filters by text as a case- and width-insensitive substring of name or details, in catalogue order", () => {
    const contains = (p: Product, q: string) => `${normalizeSearchText(p.name)}\n${normalizeSearchText(p.details)}`.includes(normalizeSearchText(q));
    for (const query of ["usb", "  usb   CABLE ", "ｒunning", "café", "wet rock", "zzz-nothing"]) {
      assert.deepEqual(index.select({ query, type: null, limit: 48 }), catalog.filter((p) => contains(p, query)).slice(0, 48), query);
    }
    for (const type of PRODUCT_TYPES) {
      assert.deepEqual(index.select({ query: "e", type }), catalog.filter((p) => p.type === type && contains(p, "e")), type);
    }
    assert.deepEqual(
      index.select({ query: "u", type: null, limit: 100 }).filter((p) => p.createdAt === TIE).map((p) => p.id),
      ["tie-a", "tie-b", "tie-c"],
    );
  });

  it("reads a blank query as no search (the admin's list: every product); the shop's search answers it with nothing first", () => {
    assert.deepEqual(index.select({ query: "   ", type: null }), catalog);
    assert.equal(index.products, catalog);
  });

  it("gives empty results on an empty catalogue", () => {
    assert.deepEqual(buildSearchIndex([]).select({ query: "", type: "Electronics", limit: 12 }), []);
    assert.deepEqual(buildSearchIndex([]).select({ query: "usb", type: null, limit: 48 }), []);
  });
});

describe("details pages prerendered by a build", () => {
  it("are every product's, in catalogue order", () => {
    assert.deepEqual(
      detailsStaticParams(catalog).map((p) => p.id),
      catalog.map((p) => p.id),
    );
  });

  it("are the newest products' only, however large the catalogue", () => {
    const large = Array.from({ length: PRERENDERED_DETAILS_PAGES * 3 }, (_, i) => ({ ...catalog[0], id: `p-${i}` }));
    const ids = detailsStaticParams(large).map((p) => p.id);
    assert.equal(ids.length, PRERENDERED_DETAILS_PAGES);
    assert.deepEqual(ids, large.slice(0, PRERENDERED_DETAILS_PAGES).map((p) => p.id), "the first of the newest-first catalogue");
  });

  it("are one placeholder on an empty catalogue, an id no product can have and no store is asked for", () => {
    assert.deepEqual(detailsStaticParams([]), [{ id: EMPTY_CATALOG_PLACEHOLDER_ID }]);
    // Refused by validation: getProductById answers null (a 404) without a read.
    assert.equal(idSchema.safeParse(EMPTY_CATALOG_PLACEHOLDER_ID).success, false);
    // Not an id Firestore reserves (__.*__), which aborted the build before.
    assert.doesNotMatch(EMPTY_CATALOG_PLACEHOLDER_ID, /^__.*__$/);
    // A URL segment as it is: nothing to encode.
    assert.equal(encodeURIComponent(EMPTY_CATALOG_PLACEHOLDER_ID), EMPTY_CATALOG_PLACEHOLDER_ID);
  });
});
