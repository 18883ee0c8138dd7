/**
 * Orders stored on Firestore before payment "voided" existed: one cancelled
 * or returned while still due reads as owing nothing, as SQLite's migration
 * rewrote the same rows (lib/data/firestore/order-docs.ts); any other reads
 * as stored.
 */
import assert from "node:assert/strict";
import { initializeApp } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { after, before, describe, it } from "node:test";
import type { Order } from "@/lib/data/contract/orders";
import type { Store } from "@/lib/data/contract/store";
import { ORDER_COLLECTIONS } from "@/lib/data/firestore/order-docs";
import { createFirestoreStore } from "@/lib/data/firestore/store";

if (!process.env.FIRESTORE_EMULATOR_HOST) {
  it("Firestore legacy orders need the emulator", () => {
    throw new Error("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts the Firestore emulator itself");
  });
} else {
  describe("Firestore orders stored before payment 'voided'", () => {
    const projectId = `demo-order-legacy-${Date.now().toString(36)}`;
    let db: Firestore;
    let store: Store;

    /** An order document as the adapter wrote it before, in the given states. */
    const writeOld = (id: string, states: Pick<Order, "fulfilment" | "payment" | "returnState">) =>
      db
        .collection(ORDER_COLLECTIONS.orders)
        .doc(id)
        .set({
          reference: `REF${id}`,
          referenceKey: `REF${id}`.toUpperCase(),
          owner: "guest:legacy",
          uid: null,
          guestTokenHash: "a".repeat(64),
          lines: [{ productId: "p1", name: "Lamp", image: "/products/lamp.webp", unitPrice: 10, quantity: 1 }],
          subtotal: 10,
          shipping: 0,
          total: 10,
          contact: { email: "old@example.com", name: "Old", phone: "" },
          emailKey: "old@example.com",
          address: { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
          paymentMethod: "pay_on_delivery",
          trackingNumber: null,
          returnReason: null,
          placedAt: 1,
          deliveredAt: null,
          revision: 1,
          history: [],
          erasedAt: null,
          ...states,
        });

    before(async () => {
      db = getFirestore(initializeApp({ projectId }, "order-legacy-writer"));
      store = createFirestoreStore(getFirestore(initializeApp({ projectId }, "order-legacy-shop")));
    });
    after(async () => {
      await store.close();
      await db.terminate();
    });

    it("a cancelled or returned order that was due reads as voided; a placed or paid one as stored", async () => {
      await writeOld("cancelledDue", { fulfilment: "cancelled", payment: "due", returnState: null });
      await writeOld("returnedDue", { fulfilment: "delivered", payment: "due", returnState: "returned" });
      await writeOld("placedDue", { fulfilment: "placed", payment: "due", returnState: null });
      await writeOld("returnedRefunded", { fulfilment: "delivered", payment: "refunded", returnState: "returned" });
      const payment = async (id: string) => (await store.getOrder(id))?.payment;
      assert.equal(await payment("cancelledDue"), "voided");
      assert.equal(await payment("returnedDue"), "voided");
      assert.equal(await payment("placedDue"), "due");
      assert.equal(await payment("returnedRefunded"), "refunded");
    });
  });
}
