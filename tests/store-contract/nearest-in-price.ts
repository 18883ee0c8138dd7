import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { Product, ProductType } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { product } from "../helpers/fixtures";
import type { StoreFactory } from "./types";

/**
 * "More like this" (CatalogPages.listNearestInPrice): a type's products
 * nearest in price to one, never that one, never another type's; at the
 * same distance the cheaper first, at the same price by id; the same answer
 * on every adapter (../../lib/data/rules/nearest-in-price.ts).
 */
export function nearestInPriceContract(open: StoreFactory): void {
  describe("more like this: nearest in price", () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(() => store.close());

    const priced = (id: string, priceCents: number, type: ProductType = "Sport"): Product => product(id, 1_000, type, { priceCents });
    const catalogue = [
      priced("shown", 2000),
      priced("twin-b", 2000),
      priced("twin-a", 2000),
      priced("up-1", 2100),
      priced("down-1", 1900),
      priced("up-5", 2500),
      priced("down-5", 1500),
      priced("far-up", 9000),
      priced("far-down", 100),
      priced("book", 2000, "Book"),
    ];
    const around = { type: "Sport" as const, priceCents: 2000, excludeId: "shown" };
    const ids = (products: Product[]) => products.map((p) => p.id);

    it("lists the nearest in price first, never the product itself nor another type's", async () => {
      await store.upsertProducts(catalogue);
      assert.deepEqual(ids(await store.listNearestInPrice(around, 6)), ["twin-a", "twin-b", "down-1", "up-1", "down-5", "up-5"]);
      assert.deepEqual(ids(await store.listNearestInPrice(around, 2)), ["twin-a", "twin-b"]);
      assert.deepEqual(ids(await store.listNearestInPrice(around, 20)), [
        "twin-a",
        "twin-b",
        "down-1",
        "up-1",
        "down-5",
        "up-5",
        "far-down",
        "far-up",
      ]);
    });

    it("reads only one side where the price is a type's lowest or highest, and nothing for a type alone", async () => {
      await store.upsertProducts(catalogue);
      assert.deepEqual(ids(await store.listNearestInPrice({ ...around, priceCents: 100, excludeId: "far-down" }, 3)), [
        "down-5",
        "down-1",
        "shown",
      ]);
      assert.deepEqual(ids(await store.listNearestInPrice({ ...around, priceCents: 9000, excludeId: "far-up" }, 2)), ["up-5", "up-1"]);
      assert.deepEqual(await store.listNearestInPrice({ type: "Book", priceCents: 2000, excludeId: "book" }, 4), []);
    });

    it("at one price, by id, also where more share it than are shown on the cheaper side", async () => {
      await store.upsertProducts([
        priced("mid", 2000),
        ...["d", "a", "c", "b"].map((id) => priced(`low-${id}`, 1900)),
        priced("high", 2200),
      ]);
      assert.deepEqual(ids(await store.listNearestInPrice({ ...around, excludeId: "mid" }, 2)), ["low-a", "low-b"]);
      assert.deepEqual(ids(await store.listNearestInPrice({ ...around, excludeId: "mid" }, 5)), [
        "low-a",
        "low-b",
        "low-c",
        "low-d",
        "high",
      ]);
    });

    it("follows an edit of a price", async () => {
      await store.upsertProducts(catalogue);
      const { revision } = (await store.getProductRevision("far-up"))!;
      const { name, images, details, type } = catalogue.find((p) => p.id === "far-up")!;
      await store.updateProduct("far-up", { name, images, details, type, priceCents: 2001 }, revision, "admin@example.com");
      assert.deepEqual(ids(await store.listNearestInPrice(around, 3)), ["twin-a", "twin-b", "far-up"]);
    });

    it("refuses a bad question as invalid input", async () => {
      await rejectsWith(store.listNearestInPrice({ ...around, type: "Toys" as ProductType }, 3), "invalid_input");
      await rejectsWith(store.listNearestInPrice({ ...around, priceCents: -1 }, 3), "invalid_input");
      await rejectsWith(store.listNearestInPrice({ ...around, excludeId: "" }, 3), "invalid_input");
      await rejectsWith(store.listNearestInPrice(around, 0), "invalid_input");
      await rejectsWith(store.listNearestInPrice(around, 101), "invalid_input");
    });
  });
}
