import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { Product, ProductType } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { product } from "../helpers/fixtures";
import type { StoreFactory } from "./types";

/** Every page from the first, following `next`, as lists of ids. */
async function allPages(store: Store, type: ProductType | null, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let after: string | null = null;
  for (;;) {
    const page: Awaited<ReturnType<Store["listProductsPage"]>> = await store.listProductsPage({ type, sort: "newest", limit, after });
    pages.push(page.products.map((p) => p.id));
    if (page.next === null) return pages;
    assert.ok(pages.length < 50, "the pages end");
    after = page.next;
  }
}

export function pagesContract(open: StoreFactory): void {
  describe("catalogue pages and counts", () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(() => store.close());

    // Ties (same createdAt) fall on page edges, so a cursor that kept only the time would skip or repeat one.
    const catalogue: Product[] = [
      product("a", 5000, "Book"),
      product("b", 5000, "Sport"),
      product("c", 5000, "Book"),
      product("d", 4000, "Electronics"),
      product("e", 3000, "Book"),
      product("f", 3000, "Book"),
      product("g", 2000, "Sport"),
    ];

    it("pages an empty catalogue as one empty page, and counts 0", async () => {
      assert.deepEqual(await store.listProductsPage({ type: null, sort: "newest", limit: 10, after: null }), { products: [], next: null });
      assert.equal(await store.countProducts(null), 0);
      assert.equal(await store.countProducts("Book"), 0);
    });

    it("pages newest first, ties by id, each product once, the last page without a next cursor", async () => {
      await store.upsertProducts(catalogue);
      assert.deepEqual(await allPages(store, null, 2), [["a", "b"], ["c", "d"], ["e", "f"], ["g"]]);
      assert.deepEqual(await allPages(store, null, 3), [["a", "b", "c"], ["d", "e", "f"], ["g"]]);
      // A page that ends exactly at the catalogue's end says so (no empty page after it).
      assert.deepEqual(await allPages(store, null, 7), [["a", "b", "c", "d", "e", "f", "g"]]);
      const whole = await store.listProductsPage({ type: null, sort: "newest", limit: 100, after: null });
      assert.deepEqual(whole.products, await store.listProducts(), "a page holds the products whole, in the catalogue's order");
    });

    it("reads a final page without the one product more: the same products, no next cursor", async () => {
      await store.upsertProducts(catalogue);
      for (const [type, limit] of [
        [null, 3],
        [null, 7],
        [null, 20],
        ["Book", 2],
        ["Accessories", 5],
      ] as const) {
        const open = await store.listProductsPage({ type, sort: "newest", limit, after: null });
        const final = await store.listProductsPage({ type, sort: "newest", limit, after: null, final: true });
        assert.deepEqual(final.products, open.products, `${type} ${limit}`);
        assert.equal(final.next, null, `${type} ${limit}: no next page`);
      }
      const first = await store.listProductsPage({ type: null, sort: "newest", limit: 2, after: null });
      const last = await store.listProductsPage({ type: null, sort: "newest", limit: 2, after: first.next, final: true });
      assert.deepEqual(last, { products: (await store.listProducts()).slice(2, 4), next: null }, "after a cursor too");
      await rejectsWith(
        store.listProductsPage({ type: null, sort: "newest", limit: 2, after: null, final: "yes" as unknown as boolean }),
        "invalid_input",
      );
    });

    it("pages one type, its cursors within that type", async () => {
      await store.upsertProducts(catalogue);
      assert.deepEqual(await allPages(store, "Book", 1), [["a"], ["c"], ["e"], ["f"]]);
      assert.deepEqual(await allPages(store, "Sport", 5), [["b", "g"]]);
      assert.deepEqual(await allPages(store, "Accessories", 5), [[]]);
    });

    it("keeps its place across writes: a product added before the cursor does not shift the next page", async () => {
      await store.upsertProducts(catalogue);
      const first = await store.listProductsPage({ type: null, sort: "newest", limit: 3, after: null });
      await store.upsertProducts([product("new", 9000, "Book")]);
      const second = await store.listProductsPage({ type: null, sort: "newest", limit: 3, after: first.next });
      assert.deepEqual(
        second.products.map((p) => p.id),
        ["d", "e", "f"],
      );
    });

    it("starts a page at a position, continued by its cursor", async () => {
      await store.upsertProducts(catalogue);
      const at = await store.listProductsPageAt({ type: null, sort: "newest", position: 2, limit: 2 });
      assert.deepEqual(
        at.products.map((p) => p.id),
        ["c", "d"],
      );
      const next = await store.listProductsPage({ type: null, sort: "newest", limit: 10, after: at.next });
      assert.deepEqual(
        next.products.map((p) => p.id),
        ["e", "f", "g"],
      );
      assert.equal(next.next, null);
      assert.deepEqual(await store.listProductsPageAt({ type: null, sort: "newest", position: 7, limit: 5 }), { products: [], next: null });
    });

    it("counts all products and each type's", async () => {
      await store.upsertProducts(catalogue);
      assert.equal(await store.countProducts(null), 7);
      assert.equal(await store.countProducts("Book"), 4);
      assert.equal(await store.countProducts("Sport"), 2);
      assert.equal(await store.countProducts("Accessories"), 0);
    });

    it("refuses a bad filter, position or cursor as invalid input", async () => {
      await store.upsertProducts(catalogue);
      await rejectsWith(store.listProductsPage({ type: null, sort: "newest", limit: 0, after: null }), "invalid_input");
      await rejectsWith(store.listProductsPage({ type: null, sort: "newest", limit: 101, after: null }), "invalid_input");
      await rejectsWith(store.listProductsPage({ type: "Toys" as ProductType, sort: "newest", limit: 5, after: null }), "invalid_input");
      await rejectsWith(store.listProductsPage({ type: null, sort: "newest", limit: 5, after: "not a cursor!" }), "invalid_input");
      await rejectsWith(
        store.listProductsPage({ type: null, sort: "newest", limit: 5, after: Buffer.from('{"x":1}').toString("base64url") }),
        "invalid_input",
      );
      await rejectsWith(store.listProductsPage({ type: null, sort: "newest", limit: 5, after: "abc" }), "invalid_input");
      await rejectsWith(store.listProductsPageAt({ type: null, sort: "newest", position: -1, limit: 5 }), "invalid_input");
      await rejectsWith(store.listProductsPageAt({ type: null, sort: "price-asc", position: 0, limit: 5 }), "invalid_input");
      await rejectsWith(store.listProductsPageAt({ type: "Book", sort: "newest", position: 0, limit: 0 }), "invalid_input");
      await rejectsWith(store.countProducts("Toys" as ProductType), "invalid_input");
    });

    it("has no product without a sort key after its own writes, and a backfill changes nothing", async () => {
      await store.upsertProducts(catalogue);
      await store.addProduct({
        name: "Lamp",
        images: [{ src: "/products/lamp.webp", alt: "A picture" }],
        priceCents: 500,
        details: "A lamp.",
        type: "Sport",
      });
      assert.equal(await store.countProductsWithoutCreatedAt(), 0);
      assert.equal(await store.countProductsWithoutPriceKey(), 0);
      assert.equal(await store.countProductsWithoutNameKey(), 0);
      assert.deepEqual(await store.backfillSortKeys(3), { scanned: 8, updated: 0 });
    });
  });
}
