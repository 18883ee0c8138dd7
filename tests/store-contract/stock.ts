import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { Order, PlaceOrderInput } from "@/lib/data/contract/orders";
import type { OrderStep } from "@/lib/data/contract/order-states";
import type { PlaceOrderResult } from "@/lib/data/contract/order-store";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { defaultBill, emailOf, eventually, newProduct, pause } from "../helpers/fixtures";
import type { SecondInstanceFactory, StoreFactory } from "./types";

const alice: CartOwner = "guest:stock-alice-0001";
const bob: CartOwner = "guest:stock-bob-0002";
const EMAIL = emailOf("alice@example.com");

let keys = 0;
const newKey = () => `stock-key-${Date.now().toString(36)}-${++keys}`.padEnd(16, "x");

/** Sorted, so a comparison does not depend on the order of a cart's lines. */
const sorted = (ids: readonly string[]) => [...ids].sort();

/**
 * What pages show of stock (lib/data/rules/stock-shown.ts) as the store reports it:
 * placeOrder names the products whose shown stock it changed, and watchStock
 * tells every instance of each write that changed one, and of no other. Never
 * a catalogue change.
 */
export function stockContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("shown stock", () => {
    let store: Store;
    /** 7 left: a sale of 3 crosses into "Only 4 left". */
    let lamp: Product;
    /** 40 left: a sale of 1 changes nothing shown. */
    let mug: Product;
    /** 2 left. */
    let pen: Product;
    /** Not tracked. */
    let book: Product;
    beforeEach(async () => {
      store = await open();
      lamp = await store.addProduct(newProduct({ name: "Stock Lamp" }));
      mug = await store.addProduct(newProduct({ name: "Stock Mug", type: "Accessories" }));
      pen = await store.addProduct(newProduct({ name: "Stock Pen", type: "Accessories" }));
      book = await store.addProduct(newProduct({ name: "Stock Book", type: "Book" }));
      await store.setStock(lamp.id, 7, null);
      await store.setStock(mug.id, 40, null);
      await store.setStock(pen.id, 2, null);
    });
    afterEach(() => store.close());

    /** Fills `owner`'s cart with `lines` and places it through `through`. */
    async function place(owner: CartOwner, lines: [Product, number][], through: Store = store): Promise<PlaceOrderResult> {
      for (const [product, quantity] of lines) await store.addToLine(owner, product.id, quantity);
      const input: PlaceOrderInput = {
        owner,
        uid: null,
        guestTokenHash: "c".repeat(64),
        idempotencyKey: newKey(),
        paymentMethod: "pay_on_delivery",
        lines: lines.map(([product, quantity]) => ({ productId: product.id, unitPriceCents: product.priceCents, quantity })),
        ...defaultBill(lines.map(([product, quantity]) => ({ productId: product.id, unitPriceCents: product.priceCents, quantity }))),
        contact: { email: "alice@example.com", name: "Alice", phone: "" },
        address: { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
        confirmation: EMAIL,
      };
      const result = await through.placeOrder(input);
      assert.equal(result.created, true);
      return result;
    }

    const step = (order: Order, name: OrderStep, note = "", by = "admin@example.com") =>
      store.takeOrderStep(order.id, { step: name, expectedRevision: order.revision, by, note, email: EMAIL });

    it("placeOrder names the products whose shown stock it changed: crossing to 5 or fewer, within them, to 0", async () => {
      const crossing = await place(alice, [
        [lamp, 3],
        [mug, 1],
        [book, 1],
      ]);
      assert.deepEqual(crossing.stockShownChanged, [lamp.id], "7 to 4 is shown, 40 to 39 and an untracked product are not");
      const within = await place(bob, [
        [lamp, 1],
        [pen, 2],
      ]);
      assert.deepEqual(sorted(within.stockShownChanged), sorted([lamp.id, pen.id]), "Only 4 left to Only 3 left; 2 to Out of stock");
      assert.deepEqual(
        await store.getStock([lamp.id, mug.id, pen.id, book.id]),
        new Map([
          [lamp.id, 3],
          [mug.id, 39],
          [pen.id, 0],
          [book.id, null],
        ]),
      );
      const quiet = await place(alice, [[mug, 1]]);
      assert.deepEqual(quiet.stockShownChanged, [], "40 to 38 left: nothing shown changed");
    });

    it("getStock answers every id asked, in their order, past one query's 30 and with repeats: a count where tracked, null where not", async () => {
      const many = [...Array.from({ length: 45 }, (_, i) => `untracked-${i}`), mug.id, book.id, mug.id, lamp.id];
      const stock = await store.getStock(many);
      assert.equal(stock.size, many.length - 1, "one entry per distinct id");
      assert.deepEqual([...stock.keys()], [...new Set(many)], "in the order asked");
      assert.equal(stock.get(mug.id), 40);
      assert.equal(stock.get(lamp.id), 7);
      assert.equal(stock.get(book.id), null);
      assert.ok(many.slice(0, 45).every((id) => stock.get(id) === null));
      assert.deepEqual(await store.getStock([]), new Map());
    });

    it("an idempotent replay of placeOrder names nothing", async () => {
      await store.addToLine(alice, pen.id, 1);
      const input: PlaceOrderInput = {
        owner: alice,
        uid: null,
        guestTokenHash: "c".repeat(64),
        idempotencyKey: newKey(),
        paymentMethod: "pay_on_delivery",
        lines: [{ productId: pen.id, unitPriceCents: pen.priceCents, quantity: 1 }],
        ...defaultBill([{ productId: pen.id, unitPriceCents: pen.priceCents, quantity: 1 }]),
        contact: { email: "alice@example.com", name: "Alice", phone: "" },
        address: { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
        confirmation: EMAIL,
      };
      assert.deepEqual((await store.placeOrder(input)).stockShownChanged, [pen.id]);
      const again = await store.placeOrder(input);
      assert.equal(again.created, false);
      assert.deepEqual(again.stockShownChanged, []);
    });

    it("watchStock tells this and another instance of each write that changed shown stock, and of no other", async () => {
      const other = await openSecond(store);
      try {
        const version = await store.getCatalogVersion();
        const here: string[][] = [];
        const there: string[][] = [];
        const stopHere = store.watchStock((ids) => here.push(sorted(ids)));
        const stopThere = other.watchStock((ids) => there.push(sorted(ids)));
        const expected: string[][] = [];
        /**
         * This instance has heard exactly `expected` so far, in order: a
         * notice of a quiet write would sit before the last one. The other
         * instance's whole list is compared at the end.
         */
        const heard = async (...notice: string[]) => {
          expected.push(sorted(notice));
          await eventually(() => assert.deepEqual(here, expected), 5_000);
        };

        // A sale: 40 to 39 is quiet; 7 to 4 is heard.
        await place(alice, [[mug, 1]]);
        const sale = await place(
          bob,
          [
            [lamp, 3],
            [mug, 1],
          ],
          other,
        );
        await heard(lamp.id);
        // A cancel gives stock back: 4 to 7.
        const cancelled = await step(sale.order, "cancel");
        assert.equal(cancelled.fulfilment, "cancelled");
        await heard(lamp.id);
        // A sale to 0, and its return accepted: 0 to 2.
        let order = (
          await place(alice, [
            [pen, 2],
            [mug, 1],
          ])
        ).order;
        await heard(pen.id);
        order = await step(order, "ship", "TRACK-STOCK-1");
        order = await step(order, "deliver");
        order = await step(order, "request_return", "Not needed", "shopper");
        order = await step(order, "accept_return");
        assert.equal(order.returnState, "returned");
        assert.deepEqual(
          await store.getStock([pen.id, mug.id]),
          new Map([
            [pen.id, 2],
            [mug.id, 39],
          ]),
        );
        await heard(pen.id);
        // The operator's count: untracked to 3 and 3 to 10 are heard, 10 to 20 is not.
        await other.setStock(book.id, 3, null);
        await heard(book.id);
        await store.setStock(book.id, 10, 3);
        await heard(book.id);
        await store.setStock(book.id, 20, 10);
        await other.setStock(mug.id, 5, 39);
        await heard(mug.id);
        // Untracking a product that showed nothing is quiet; one that showed "Only 2 left" is heard.
        await store.setStock(book.id, null, 20);
        await store.setStock(pen.id, null, 2);
        await heard(pen.id);

        await eventually(() => assert.deepEqual(there, expected, "the other instance hears the same, in order"), 5_000);
        assert.equal(await store.getCatalogVersion(), version, "stock is never a catalogue change");
        assert.equal(await other.getCatalogVersion(), version);

        stopHere();
        stopThere();
        await store.setStock(lamp.id, 1, 7);
        await pause(1_500);
        assert.equal(here.length, expected.length, "nothing after unsubscribing");
        assert.equal(there.length, expected.length, "nothing after unsubscribing, on the other instance");
      } finally {
        await other.close();
      }
    });

    it("watchStock tells of no write made before subscribing", async () => {
      await store.setStock(lamp.id, 3, 7);
      // Before by the clock, which counts whole milliseconds: Firestore's feed
      // starts at its clock's reading and tells a write stamped in that same
      // millisecond, which may come after it (lib/data/firestore/stock-notices.ts).
      const written = Date.now();
      while (Date.now() <= written) await pause(1);
      const seen: string[][] = [];
      const stop = store.watchStock((ids) => seen.push(ids));
      try {
        await store.setStock(pen.id, 1, 2);
        await eventually(() => assert.deepEqual(seen, [[pen.id]]), 5_000);
      } finally {
        stop();
      }
    });
  });
}
