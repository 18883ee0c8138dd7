/**
 * A type's listing in each of the shopper's orders (CatalogSort): every
 * page in the order ../../lib/data/rules/catalog-order.ts says, ties on
 * price or name broken by id across page edges, an edit that renames or
 * reprices a product moving it, and a cursor good only for the order that
 * made it.
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { CATALOG_SORTS, type CatalogSort, type Product, type ProductType } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { CATALOG_ORDER } from "@/lib/data/rules/catalog-order";
import { rejectsWith } from "../helpers/assert-store-error";
import { product } from "../helpers/fixtures";
import type { StoreFactory } from "./types";

/** Every page of a type in `sort`, following `next`, as lists of ids. */
async function allPages(store: Store, type: ProductType, sort: CatalogSort, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let after: string | null = null;
  for (;;) {
    const page: Awaited<ReturnType<Store["listProductsPage"]>> = await store.listProductsPage({ type, sort, limit, after });
    pages.push(page.products.map((p) => p.id));
    if (page.next === null) return pages;
    assert.ok(pages.length < 50, "the pages end");
    after = page.next;
  }
}

const book = (id: string, createdAt: number, name: string, priceCents: number) => product(id, createdAt, "Book", { name, priceCents });

// Ties on price (1500 × 3) and on name as sorted ("Atlas", "atlas", "Átlas") fall on page edges.
const BOOKS: Product[] = [
  book("b1", 1000, "Zebra Tales", 1500),
  book("b2", 2000, "atlas of Rivers", 900),
  book("b3", 3000, "Atlas of Rivers", 1500),
  book("b4", 4000, "Átlas of Rivers", 2500),
  book("b5", 5000, "Émile", 1500),
  book("b6", 6000, "emerald Seas", 400),
];
const OTHERS: Product[] = [product("s1", 7000, "Sport", { name: "Aaa Ball", priceCents: 100 })];

export function sortedPagesContract(open: StoreFactory): void {
  describe("a type's listing sorted by price or name", () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
      await store.upsertProducts([...BOOKS, ...OTHERS]);
    });
    afterEach(() => store.close());

    it("pages each order as the catalogue's rules sort it, ties by id across page edges, only that type", async () => {
      for (const sort of CATALOG_SORTS) {
        const expected = [...BOOKS].sort(CATALOG_ORDER[sort]).map((p) => p.id);
        for (const limit of [1, 2, 4, 6]) {
          const pages = await allPages(store, "Book", sort, limit);
          assert.deepEqual(pages.flat(), expected, `${sort} in pages of ${limit}`);
          assert.ok(
            pages.slice(0, -1).every((page) => page.length === limit),
            `${sort}: every page but the last is full`,
          );
        }
      }
      // The rules' order, in words: cheapest first; dearest first; accents and case set aside, then id.
      assert.deepEqual((await allPages(store, "Book", "price-asc", 10))[0], ["b6", "b2", "b1", "b3", "b5", "b4"]);
      assert.deepEqual((await allPages(store, "Book", "price-desc", 10))[0], ["b4", "b1", "b3", "b5", "b2", "b6"]);
      assert.deepEqual((await allPages(store, "Book", "name-asc", 10))[0], ["b2", "b3", "b4", "b6", "b5", "b1"]);
    });

    it("starts a numbered page at its position in each order, of that type only, continued by its cursor", async () => {
      for (const sort of CATALOG_SORTS) {
        const expected = [...BOOKS].sort(CATALOG_ORDER[sort]).map((p) => p.id);
        for (const position of [0, 1, 2, 4, 5, 6]) {
          const at = await store.listProductsPageAt({ type: "Book", sort, position, limit: 2 });
          assert.deepEqual(
            at.products.map((p) => p.id),
            expected.slice(position, position + 2),
            `${sort} from ${position}`,
          );
          assert.equal(at.next === null, position + 2 >= expected.length, `${sort} from ${position}: another page follows`);
          if (at.next === null) continue;
          const rest = await store.listProductsPage({ type: "Book", sort, limit: 10, after: at.next });
          assert.deepEqual(
            rest.products.map((p) => p.id),
            expected.slice(position + 2),
            `${sort} after ${position}`,
          );
        }
      }
      const newestOfAll = await store.listProductsPageAt({ type: null, sort: "newest", position: 0, limit: 1 });
      assert.deepEqual(
        newestOfAll.products.map((p) => p.id),
        ["s1"],
      );
    });

    it("reads a final page without the one product more", async () => {
      const open = await store.listProductsPage({ type: "Book", sort: "price-asc", limit: 3, after: null });
      const final = await store.listProductsPage({ type: "Book", sort: "price-asc", limit: 3, after: null, final: true });
      assert.deepEqual(final, { products: open.products, next: null });
    });

    it("moves a renamed or repriced product to its new place", async () => {
      const zebra = (await store.getProductRevision("b1"))!;
      const { images, details, type } = zebra.product;
      await store.updateProduct("b1", { name: "aardvark Days", images, priceCents: 100, details, type }, zebra.revision, "ada@example.com");
      const first = async (sort: CatalogSort) =>
        (await store.listProductsPage({ type: "Book", sort, limit: 1, after: null })).products[0].id;
      assert.equal(await first("name-asc"), "b1");
      assert.equal(await first("price-asc"), "b1");
      assert.equal(await store.countProductsWithoutNameKey(), 0);
    });

    it("refuses another order's cursor, an order without a type, and an order it does not know", async () => {
      const byPrice = await store.listProductsPage({ type: "Book", sort: "price-asc", limit: 2, after: null });
      const newest = await store.listProductsPage({ type: "Book", sort: "newest", limit: 2, after: null });
      await rejectsWith(store.listProductsPage({ type: "Book", sort: "price-desc", limit: 2, after: byPrice.next }), "invalid_input");
      await rejectsWith(store.listProductsPage({ type: "Book", sort: "name-asc", limit: 2, after: byPrice.next }), "invalid_input");
      await rejectsWith(store.listProductsPage({ type: "Book", sort: "price-asc", limit: 2, after: newest.next }), "invalid_input");
      await rejectsWith(store.listProductsPage({ type: "Book", sort: "newest", limit: 2, after: byPrice.next }), "invalid_input");
      await rejectsWith(store.listProductsPage({ type: null, sort: "price-asc", limit: 2, after: null }), "invalid_input");
      await rejectsWith(store.listProductsPage({ type: "Book", sort: "cheapest" as CatalogSort, limit: 2, after: null }), "invalid_input");
    });
  });
}
