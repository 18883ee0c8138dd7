/**
 * Search, category and details pages now filter the cached catalogue in
 * memory (lib/catalog/filter.ts) instead of querying the store. Their results
 * must stay exactly what the store's own queries return: same matching rule,
 * same order, same limit. Checked against the SQLite store holding the demo
 * catalogue plus products that stress ordering (equal timestamps) and
 * matching (case, accents, whitespace).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { demoProducts } from "@/lib/catalog/demo";
import { productWithId, productsMatching, productsOfType } from "@/lib/catalog/filter";
import { EMPTY_CATALOG_PLACEHOLDER_ID, PRERENDERED_DETAILS_PAGES, detailsStaticParams } from "@/lib/catalog/static-params";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { PRODUCT_TYPES, type Product, type Store } from "@/lib/data/types";
import { idSchema } from "@/lib/data/validation";
import { product } from "./helpers/fixtures";

const dir = mkdtempSync(join(tmpdir(), "catalog-filter-"));
let store: Store;
let catalog: Product[];

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
});

after(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("catalogue filtering gives what the store's queries give", () => {
  it("lists each type in the store's order, cut at the limit", async () => {
    for (const type of PRODUCT_TYPES) {
      for (const limit of [1, 3, 8, 12, 100]) {
        assert.deepEqual(productsOfType(catalog, type, limit), await store.listProductsByType(type, limit), `${type}, ${limit}`);
      }
    }
  });

  it("matches searches as the store does: case, width, accents as typed, whitespace, order and limit", async () => {
    const queries = ["usb", "USB cable", "  usb   CABLE ", "running", "ｒunning", "café", "cafe", "stoneware", "wet rock", "a", "zzz-nothing"];
    for (const query of queries) {
      for (const limit of [1, 2, 48]) {
        assert.deepEqual(productsMatching(catalog, query, limit), await store.searchProducts(query, limit), `"${query}", ${limit}`);
      }
    }
    // The equal-timestamp products keep the store's tie order (id ascending).
    assert.deepEqual(
      productsMatching(catalog, "u", 100).filter((p) => p.createdAt === TIE).map((p) => p.id),
      ["tie-a", "tie-b", "tie-c"],
    );
  });

  it("answers an empty query with nothing", () => {
    assert.deepEqual(productsMatching(catalog, "   ", 48), []);
  });

  it("finds a product by id, and nothing for an unknown one", async () => {
    assert.deepEqual(productWithId(catalog, "tie-c"), await store.getProduct("tie-c"));
    assert.equal(productWithId(catalog, "no-such-product"), null);
  });

  it("gives empty results on an empty catalogue", () => {
    assert.deepEqual(productsOfType([], "Electronics", 12), []);
    assert.deepEqual(productsMatching([], "usb", 48), []);
    assert.equal(productWithId([], "tie-c"), null);
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
