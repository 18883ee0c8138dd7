/**
 * A type's listing narrowed by the shopper's filters (CatalogFilter): a price
 * range and "in stock only", in each order, read at any position and
 * counted, as ../../lib/data/rules/catalog-order.ts filteredOrder says (ties
 * by price before id when a range meets another sort); and the in-stock flag
 * each product carries, set by every stock write that crosses zero (a sale
 * of the last unit, a cancel giving one back, the operator's setStock),
 * never by one that does not.
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { CATALOG_SORTS, type Product } from "@/lib/data/contract/catalog";
import type { CatalogFilter } from "@/lib/data/contract/catalog-filters";
import type { Store } from "@/lib/data/contract/store";
import { filteredOrder } from "@/lib/data/rules/catalog-order";
import { rejectsWith } from "../helpers/assert-store-error";
import { emailOf, newProduct, placeGuestOrder, product } from "../helpers/fixtures";
import type { StoreFactory } from "./types";

const book = (id: string, createdAt: number, name: string, priceCents: number) => product(id, createdAt, "Book", { name, priceCents });

// Two created at the same time (b2, b3) and two named alike (b4, b5): a range's tie-break by price shows.
const BOOKS: Product[] = [
  book("b1", 1000, "Zebra Tales", 1500),
  book("b2", 2000, "Atlas", 2500),
  book("b3", 2000, "Comet", 900),
  book("b4", 4000, "Moon", 3000),
  book("b5", 5000, "moon", 1200),
  book("b6", 6000, "Emerald", 400),
];
/** Sold out (stock 0): left out by "in stock only". b1 tracks 3; the rest are not tracked. */
const SOLD_OUT = new Set(["b4", "b6"]);

const FILTERS: CatalogFilter[] = [
  { minCents: null, maxCents: null, inStockOnly: false },
  { minCents: 1000, maxCents: null, inStockOnly: false },
  { minCents: null, maxCents: 2000, inStockOnly: false },
  { minCents: 900, maxCents: 2500, inStockOnly: false },
  { minCents: null, maxCents: null, inStockOnly: true },
  { minCents: 900, maxCents: 3000, inStockOnly: true },
  { minCents: 1200, maxCents: 1200, inStockOnly: false },
  { minCents: 5000, maxCents: null, inStockOnly: false },
];

const passes = (p: Product, f: CatalogFilter) =>
  (!f.inStockOnly || !SOLD_OUT.has(p.id)) &&
  (f.minCents === null || p.priceCents >= f.minCents) &&
  (f.maxCents === null || p.priceCents <= f.maxCents);

const inStockOnly: CatalogFilter = { minCents: null, maxCents: null, inStockOnly: true };

export function filteredPagesContract(open: StoreFactory): void {
  describe("a type's listing filtered by price and stock", () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
      await store.upsertProducts([...BOOKS, product("s1", 7000, "Sport", { name: "Ball", priceCents: 1200 })]);
      await store.setStock("b1", 3, null);
      for (const id of SOLD_OUT) await store.setStock(id, 0, null);
    });
    afterEach(() => store.close());

    const page = (filter: CatalogFilter, sort: (typeof CATALOG_SORTS)[number], position = 0, limit = 20, after: string | null = null) =>
      store.listFilteredProducts({ type: "Book", sort, filter, after, position, limit });
    const ids = async (filter: CatalogFilter, sort: (typeof CATALOG_SORTS)[number], position = 0, limit = 20) =>
      (await page(filter, sort, position, limit)).products.map((p) => p.id);

    it("lists and counts each filter in each order, at every position, only that type", async () => {
      for (const filter of FILTERS) {
        const matching = BOOKS.filter((p) => passes(p, filter));
        assert.equal(await store.countFilteredProducts({ type: "Book", filter }), matching.length, JSON.stringify(filter));
        for (const sort of CATALOG_SORTS) {
          const expected = [...matching].sort(filteredOrder(sort, filter)).map((p) => p.id);
          const what = `${sort} ${JSON.stringify(filter)}`;
          assert.deepEqual(await ids(filter, sort), expected, what);
          const inTwos = [];
          for (let position = 0; position < expected.length; position += 2) inTwos.push(...(await ids(filter, sort, position, 2)));
          assert.deepEqual(inTwos, expected, `${what} in pages of 2`);
          assert.deepEqual(await ids(filter, sort, expected.length, 2), [], `${what}: past the end, nothing`);
          // By cursor: each page starts where the one before ended; the last says none follows.
          const byCursor: string[] = [];
          let after: string | null = null;
          do {
            const twos = await page(filter, sort, 0, 2, after);
            byCursor.push(...twos.products.map((p) => p.id));
            after = twos.next;
            assert.equal(after === null, byCursor.length === expected.length, `${what}: a next cursor while products remain`);
          } while (after !== null);
          assert.deepEqual(byCursor, expected, `${what} by cursor, in pages of 2`);
          if (expected.length > 3) {
            const first = await page(filter, sort, 0, 1);
            assert.deepEqual(
              (await page(filter, sort, 1, 2, first.next)).products.map((p) => p.id),
              expected.slice(2, 4),
              `${what}: a position counts past the cursor`,
            );
          }
        }
      }
    });

    it("refuses a cursor of another order, of another filter shape, or not its own", async () => {
      const ranged: CatalogFilter = { minCents: 100, maxCents: null, inStockOnly: false };
      const { next } = await page(ranged, "name-asc", 0, 2);
      assert.ok(next !== null);
      await rejectsWith(page(ranged, "price-asc", 0, 2, next), "invalid_input");
      // The same order without a range: its cursor has no price key.
      await rejectsWith(page(FILTERS[0], "name-asc", 0, 2, next), "invalid_input");
      await rejectsWith(page(ranged, "name-asc", 0, 2, "bm90IGEgY3Vyc29y"), "invalid_input");
      assert.equal((await page(ranged, "name-asc", 0, 2, next)).products.length, 2, "its own query still takes it");
    });

    it("breaks a range's ties on another order by price, then id", async () => {
      const range: CatalogFilter = { minCents: 100, maxCents: null, inStockOnly: false };
      assert.deepEqual((await ids(range, "newest")).slice(3, 5), ["b3", "b2"], "created together: 9.00 before 25.00");
      assert.deepEqual((await ids(range, "name-asc")).slice(3, 5), ["b5", "b4"], "moon and Moon: 12.00 before 30.00");
    });

    it("refuses a filter that cannot be one, in words", async () => {
      const bad: Array<[unknown, RegExp]> = [
        [{ minCents: 2000, maxCents: 1000, inStockOnly: false }, /lowest price must not be above the highest/],
        [{ minCents: -1, maxCents: null, inStockOnly: false }, /lowest price must not be negative/],
        [{ minCents: 1.5, maxCents: null, inStockOnly: false }, /whole number of cents/],
        [{ minCents: null, maxCents: null }, /inStockOnly/],
      ];
      for (const [filter, message] of bad) {
        const error = await rejectsWith(
          store.listFilteredProducts({ type: "Book", sort: "newest", filter: filter as CatalogFilter, after: null, position: 0, limit: 5 }),
          "invalid_input",
        );
        assert.match(error.message, message);
      }
      await rejectsWith(store.countFilteredProducts({ type: "Poster" as "Book", filter: inStockOnly }), "invalid_input");
    });

    it("a sale of the last unit takes the product out of 'in stock only'; a cancel puts it back; other sales change nothing", async () => {
      const b1 = BOOKS[0];
      const first = await placeGuestOrder(store, b1, { quantity: 2, paymentMethod: "pay_on_delivery" });
      assert.ok((await ids(inStockOnly, "newest")).includes("b1"), "3 to 1: still in stock");
      const last = await placeGuestOrder(store, b1, { quantity: 1, paymentMethod: "pay_on_delivery" });
      assert.ok(!(await ids(inStockOnly, "newest")).includes("b1"), "1 to 0: sold out");
      assert.equal(await store.countFilteredProducts({ type: "Book", filter: inStockOnly }), 3, "b2, b3, b5");
      assert.ok((await ids(FILTERS[0], "newest")).includes("b1"), "still in the unfiltered listing");

      await store.takeOrderStep(last.id, {
        step: "cancel",
        expectedRevision: last.revision,
        by: "admin@example.com",
        note: "",
        email: emailOf("pat@example.com"),
      });
      assert.ok((await ids(inStockOnly, "newest")).includes("b1"), "0 to 1: back in stock");
      assert.ok(first.id !== last.id);
    });

    it("the operator's stock edit sets the flag when it crosses zero, and stopping tracking counts as in stock", async () => {
      await store.setStock("b6", 5, 0);
      assert.ok((await ids(inStockOnly, "newest")).includes("b6"), "0 to 5");
      await store.setStock("b3", 0, null);
      assert.ok(!(await ids(inStockOnly, "newest")).includes("b3"), "untracked to 0");
      await store.setStock("b3", null, 0);
      assert.ok((await ids(inStockOnly, "newest")).includes("b3"), "0 to not tracked");
    });

    it("an import over a sold-out product keeps it sold out; a new product is in stock", async () => {
      await store.upsertProducts([{ ...BOOKS[3], name: "Moon, new edition" }, book("b7", 8000, "Nova", 700)]);
      const shown = await ids(inStockOnly, "newest");
      assert.ok(!shown.includes("b4"), "b4's stock is still 0");
      assert.equal(shown[0], "b7");
      // A quiet bulk import (the seed's batches) reads the stock the same way.
      await store.upsertProducts([{ ...BOOKS[5], name: "Emerald, again" }, book("b8", 9000, "Vega", 650)], { announce: false });
      const quiet = await ids(inStockOnly, "newest");
      assert.ok(!quiet.includes("b6"), "b6's stock is still 0");
      assert.equal(quiet[0], "b8");
      const added = await store.addProduct(newProduct({ name: "Orbit", priceCents: 800, type: "Book" }));
      assert.equal((await ids(inStockOnly, "newest"))[0], added.id);
    });
  });
}
