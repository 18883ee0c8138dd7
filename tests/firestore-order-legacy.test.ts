/**
 * Orders stored on Firestore before a field or state existed read with the
 * stated defaults (lib/data/firestore/order-docs.ts):
 * - before payment "voided": one cancelled or returned while still due reads
 *   as owing nothing, as SQLite's migration rewrote the same rows; any other
 *   as stored;
 * - before money was whole cents: dollars in subtotal, shipping, total and
 *   each line's unitPrice, read into the same amounts in cents, and nothing
 *   of the old fields left on the order;
 * - before an order kept a list of link tokens (issue 38, item 7): no
 *   `guestLinkHashes`; the checkout's link still opens a guest's order, a
 *   signed-in order has none, and a new link is added beside the old.
 */
import assert from "node:assert/strict";
import { initializeApp } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { after, before, describe, it } from "node:test";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Order } from "@/lib/data/contract/orders";
import type { Store } from "@/lib/data/contract/store";
import { ORDER_COLLECTIONS } from "@/lib/data/firestore/order-docs";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import { guestTokenFor } from "@/lib/orders/guest-token";
import { accessTo } from "@/lib/orders/order-access";
import { defaultBill, emailOf, newProduct } from "./helpers/fixtures";

if (!process.env.FIRESTORE_EMULATOR_HOST) {
  it("Firestore legacy orders need the emulator", () => {
    throw new Error("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts the Firestore emulator itself");
  });
} else {
  describe("Firestore orders stored before a field or state existed", () => {
    const projectId = `demo-order-legacy-${Date.now().toString(36)}`;
    let db: Firestore;
    let store: Store;
    let keys = 0;
    const guestLink = guestTokenFor("guest:legacy-order-guest", "legacy-key-0000000001", "secret");

    /** An order document as the adapter wrote it before payment "voided" and the link list, in the given states. */
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

    /** Places an order through the store, then leaves its document as the adapter wrote it before the list: no guestLinkHashes. */
    async function legacyOrder(owner: CartOwner): Promise<Order> {
      const product = await store.addProduct(newProduct({ name: "Legacy Lamp", priceCents: 1000 }));
      await store.addToLine(owner, product.id);
      const signedIn = owner.startsWith("user:");
      const { order } = await store.placeOrder({
        owner,
        uid: signedIn ? owner.slice(5) : null,
        guestTokenHash: signedIn ? null : guestLink.hash,
        idempotencyKey: `legacy-order-key-${++keys}`.padEnd(16, "x"),
        paymentMethod: "pay_on_delivery",
        lines: [{ productId: product.id, unitPriceCents: 1000, quantity: 1 }],
        ...defaultBill([{ productId: product.id, unitPriceCents: 1000, quantity: 1 }]),
        contact: { email: "old@example.com", name: "Old Order", phone: "" },
        address: { country: "US", line1: "1 Old St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
        confirmation: emailOf("old@example.com"),
      });
      const ref = db.collection(ORDER_COLLECTIONS.orders).doc(order.id);
      const data = (await ref.get()).data()!;
      assert.ok("guestLinkHashes" in data, "the adapter writes the new field today");
      delete data.guestLinkHashes;
      await ref.set(data);
      assert.equal("guestLinkHashes" in (await ref.get()).data()!, false);
      return order;
    }

    before(() => {
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
    it("an order written in dollars reads as the same amounts in whole cents; a new one is written in cents", async () => {
      await writeOld("dollars", { fulfilment: "placed", payment: "due", returnState: null });
      const ref = db.collection(ORDER_COLLECTIONS.orders).doc("dollars");
      await ref.update({
        lines: [
          { productId: "p1", name: "Lamp", image: "/products/lamp.webp", unitPrice: 19.99, quantity: 3 },
          { productId: "p2", name: "Mug", image: "/products/mug.webp", unitPrice: 0.1, quantity: 2 },
        ],
        subtotal: 60.17,
        shipping: 4.5,
        total: 64.67,
      });
      const read = (await store.getOrder("dollars"))!;
      assert.deepEqual(
        read.lines.map((line) => [line.productId, line.unitPriceCents, line.quantity]),
        [
          ["p1", 1999, 3],
          ["p2", 10, 2],
        ],
      );
      assert.deepEqual([read.subtotalCents, read.shippingCents, read.totalCents], [6017, 450, 6467]);
      assert.equal(read.shippingZone, "", "an order from before zones names none");
      assert.deepEqual([read.taxCents, read.taxRate], [0, 0], "an order from before sales tax paid none");
      for (const field of ["subtotal", "shipping", "total"]) assert.equal(field in read, false, `no ${field} left on the order`);
      assert.equal("unitPrice" in read.lines[0], false);

      const placed = await legacyOrder("guest:legacy-order-guest");
      const stored = (await db.collection(ORDER_COLLECTIONS.orders).doc(placed.id).get()).data()!;
      // $10.00 of lines, the default contiguous zone's $5.00 (named on the new order) and Illinois's 6.25 % of both: 93.75.
      assert.deepEqual(
        [
          stored.subtotalCents,
          stored.shippingCents,
          stored.taxCents,
          stored.taxRate,
          stored.totalCents,
          stored.lines[0].unitPriceCents,
          stored.shippingZone,
        ],
        [1000, 500, 94, 6250, 1594, 1000, "Contiguous United States"],
      );
      assert.equal("total" in stored, false, "a new order is written in cents only");
    });
    it("a guest's order reads with its checkout link only, which still opens it; a new link goes beside it", async () => {
      const order = await legacyOrder("guest:legacy-order-guest");
      const read = (await store.getOrder(order.id))!;
      assert.deepEqual(read.guestTokenHashes, [guestLink.hash]);
      assert.deepEqual(read, order);
      const viewer = { uid: null, verifiedEmail: async () => null };
      assert.equal(await accessTo(read, viewer, guestLink.token), "token");
      const newer = guestTokenFor("guest:legacy-order-guest", "legacy-key-0000000002", "secret");
      await store.addOrderLink(order.id, { tokenHash: newer.hash, email: emailOf("old@example.com", "A link to your order") });
      const linked = (await store.getOrder(order.id))!;
      assert.deepEqual(linked.guestTokenHashes, [guestLink.hash, newer.hash]);
      assert.equal(await accessTo(linked, viewer, guestLink.token), "token");
      assert.equal(await accessTo(linked, viewer, newer.token), "token");
    });

    it("an order placed signed in reads with no link", async () => {
      const order = await legacyOrder("user:legacyOrderUid");
      assert.deepEqual((await store.getOrder(order.id))!.guestTokenHashes, []);
      assert.deepEqual((await store.getOrderByReference(order.reference))!, order);
    });
  });
}
