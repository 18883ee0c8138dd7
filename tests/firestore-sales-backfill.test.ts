/**
 * Orders stored on Firestore before the sales figures existed
 * (lib/data/firestore/sales.ts): the figures count them only through
 * countUncountedOrders, once each, however often it runs; a step taken on
 * one before then changes nothing of the figures (it is counted whole, as
 * it then is), and every step after does. The mark is not read into the order.
 */
import assert from "node:assert/strict";
import { initializeApp } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { after, before, describe, it } from "node:test";
import type { Order } from "@/lib/data/contract/orders";
import type { OrderStep } from "@/lib/data/contract/order-states";
import type { Store } from "@/lib/data/contract/store";
import { ORDER_COLLECTIONS } from "@/lib/data/firestore/order-docs";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import { emailOf, newProduct, placeGuestOrder } from "./helpers/fixtures";

const PLACED_AT = Date.UTC(2030, 2, 4, 10, 7);
const DAY = "2030-03-04";

if (!process.env.FIRESTORE_EMULATOR_HOST) {
  it("Firestore sales backfill needs the emulator", () => {
    throw new Error("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts the Firestore emulator itself");
  });
} else {
  describe("Firestore orders from before the sales figures", () => {
    let db: Firestore;
    let store: Store;
    before(() => {
      db = getFirestore(initializeApp({ projectId: `demo-sales-backfill-${Date.now().toString(36)}` }, "sales-backfill"));
      store = createFirestoreStore(db, { cartClock: () => PLACED_AT });
    });
    after(() => store.close());

    const ordersOf = async () => (await store.readSalesDays(DAY, DAY))[0]?.slots[40]?.orders ?? 0;
    const step = (order: Order, name: OrderStep, note = "") =>
      store.takeOrderStep(order.id, {
        step: name,
        expectedRevision: order.revision,
        by: "admin@example.com",
        note,
        email: emailOf("pat@example.com"),
      });

    it("counts each once through countUncountedOrders; a step before it changes nothing, every step after does", async () => {
      const pen = await store.addProduct(newProduct({ name: "Backfill Pen", priceCents: 300 }));
      const counted = await placeGuestOrder(store, pen, { paymentMethod: "pay_on_delivery" });
      const template = await placeGuestOrder(store, pen, { paymentMethod: "pay_on_delivery" });
      assert.equal(await ordersOf(), 2);
      const stored = (await db.collection(ORDER_COLLECTIONS.orders).doc(template.id).get()).data()!;
      assert.equal(stored.salesCounted, true, "a placement marks its order counted");
      assert.equal("salesCounted" in (await store.getOrder(template.id))!, false, "the mark is not the order's");

      // An order as the adapter wrote it before the figures: no mark, not in the figures.
      delete stored.salesCounted;
      await db
        .collection(ORDER_COLLECTIONS.orders)
        .doc("legacy-order-1")
        .set({ ...stored, referenceKey: "LEGACYORDER1" });
      let legacy = (await store.getOrder("legacy-order-1"))!;
      legacy = await step(await step(await step(legacy, "ship", "1Z3"), "deliver"), "record_payment");
      const before = (await store.readSalesDays(DAY, DAY))[0].slots[40]!;
      assert.deepEqual([before.orders, before.paidOrders], [2, 0], "a step on an order not counted yet adds nothing");

      assert.deepEqual(await store.countUncountedOrders(1), { scanned: 3, counted: 1 });
      const after = (await store.readSalesDays(DAY, DAY))[0].slots[40]!;
      assert.deepEqual([after.orders, after.paidOrders, after.salesCents], [3, 1, 300], "counted whole, as it is now: paid");
      assert.deepEqual(await store.countUncountedOrders(), { scanned: 3, counted: 0 }, "again: nothing left to count");

      await step(legacy, "refund");
      const refunded = (await store.readSalesDays(DAY, DAY))[0].slots[40]!;
      assert.deepEqual([refunded.orders, refunded.salesCents, refunded.refundedCents], [3, 0, legacy.totalCents]);
      await step(counted, "cancel");
      assert.equal(await ordersOf(), 3);
    });
  });
}
