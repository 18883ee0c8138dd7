import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { Order } from "@/lib/data/contract/orders";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { defaultBill, emailOf, eventually, newProduct, pause } from "../helpers/fixtures";
import type { SecondInstanceFactory, StoreFactory } from "./types";

let keys = 0;

/** Fills `owner`'s cart with one `product` and places it as a guest's checkout would (the order contract's placement, in short). */
async function placeOne(
  store: Store,
  owner: CartOwner,
  product: Product,
  key = `new-order-key-${Date.now().toString(36)}-${++keys}`,
): Promise<Order> {
  await store.addToLine(owner, product.id);
  const email = "watcher@example.com";
  const result = await store.placeOrder({
    owner,
    uid: null,
    guestTokenHash: "b".repeat(64),
    idempotencyKey: key.padEnd(16, "x"),
    paymentMethod: "pay_on_delivery",
    lines: [{ productId: product.id, unitPriceCents: product.priceCents, quantity: 1 }],
    ...defaultBill([{ productId: product.id, unitPriceCents: product.priceCents, quantity: 1 }]),
    contact: { email, name: "Wanda Watcher", phone: "" },
    address: { country: "US", line1: "2 Side St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
    confirmation: emailOf(email),
  });
  return result.order;
}

/**
 * OrderStore.watchNewOrders on every adapter: what the order desk's live
 * list hears (app/api/admin/order-events). Each delivery's ids are flattened
 * into one list, so a test says which orders were heard, in which order.
 */
export function newOrdersContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("new orders feed", () => {
    let store: Store;
    let lamp: Product;
    beforeEach(async () => {
      store = await open();
      lamp = await store.addProduct(newProduct({ name: "Watched Lamp", priceCents: 2000 }));
    });
    afterEach(() => store.close());

    it("hears each order placed after subscribing once, oldest first; not an order from before, a step, a repeat, or after unsubscribing", async () => {
      const before = await placeOne(store, "guest:new-orders-before", lamp);
      const heard: string[] = [];
      const stop = store.watchNewOrders((ids) => heard.push(...ids));
      // The listener's first answer (Firestore) or first poll (SQLite) holds nothing new.
      await pause(1_200);
      assert.deepEqual(heard, [], `an order placed before subscribing (${before.id}) is not new`);

      const first = await placeOne(store, "guest:new-orders-first", lamp, "new-orders-repeated-key");
      const second = await placeOne(store, "guest:new-orders-second", lamp);
      await eventually(() => assert.deepEqual(heard, [first.id, second.id]), 5_000);

      // A step changes an order; a repeated placement returns the same one; neither is new.
      await store.takeOrderStep(first.id, {
        step: "cancel",
        expectedRevision: first.revision,
        by: "admin@example.com",
        note: "",
        email: emailOf("watcher@example.com", "Cancelled"),
      });
      await store.addToLine("guest:new-orders-first", lamp.id);
      const again = await store.placeOrder({
        owner: "guest:new-orders-first",
        uid: null,
        guestTokenHash: "b".repeat(64),
        idempotencyKey: "new-orders-repeated-key".padEnd(16, "x"),
        paymentMethod: "pay_on_delivery",
        lines: [{ productId: lamp.id, unitPriceCents: lamp.priceCents, quantity: 1 }],
        ...defaultBill([{ productId: lamp.id, unitPriceCents: lamp.priceCents, quantity: 1 }]),
        contact: { email: "watcher@example.com", name: "Wanda Watcher", phone: "" },
        address: { country: "US", line1: "2 Side St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
        confirmation: emailOf("watcher@example.com"),
      });
      assert.equal(again.created, false);
      await pause(1_500);
      assert.deepEqual(heard, [first.id, second.id], "nothing but the two new orders");

      stop();
      await placeOne(store, "guest:new-orders-unheard", lamp);
      await pause(1_500);
      assert.deepEqual(heard, [first.id, second.id], "nothing after unsubscribing");
    });

    it("hears an order placed through another instance, on every subscriber", async () => {
      const other = await openSecond(store);
      try {
        const here: string[] = [];
        const alsoHere: string[] = [];
        const there: string[] = [];
        const stops = [
          store.watchNewOrders((ids) => here.push(...ids)),
          store.watchNewOrders((ids) => alsoHere.push(...ids)),
          other.watchNewOrders((ids) => there.push(...ids)),
        ];
        await pause(1_200);
        const elsewhere = await placeOne(other, "guest:new-orders-elsewhere", lamp);
        const local = await placeOne(store, "guest:new-orders-local", lamp);
        await eventually(() => {
          assert.deepEqual(here, [elsewhere.id, local.id], "this instance hears the other's order and its own");
          assert.deepEqual(alsoHere, [elsewhere.id, local.id], "every subscriber of this instance hears them");
          assert.deepEqual(there, [elsewhere.id, local.id], "the other instance hears this one's order and its own");
        }, 8_000);
        for (const stop of stops) stop();
      } finally {
        await other.close();
      }
    });
  });
}
