/**
 * The Firestore stock feed's documents and listener
 * (lib/data/firestore/stock-notices.ts), on the emulator: a document only
 * for a write that changed some shown stock, never one per sale, deleted by
 * TTL a day later; and a listener holding many notices reopens at the newest
 * without announcing any twice.
 */
import assert from "node:assert/strict";
import { initializeApp } from "firebase-admin/app";
import { FieldValue, getFirestore, Query, Timestamp, type Firestore } from "firebase-admin/firestore";
import { afterEach, beforeEach, describe, it } from "node:test";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { defaultBill, eventually, newProduct, pause, emailOf } from "./helpers/fixtures";

const host = process.env.FIRESTORE_EMULATOR_HOST;
const DAY = 24 * 60 * 60 * 1000;

if (!host) {
  it("Firestore stock notices need the emulator", () => {
    throw new Error("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts the Firestore emulator itself");
  });
} else {
  describe("Firestore stock notices", () => {
    let n = 0;
    let projectId = "";
    let db: Firestore;
    let store: Store;
    let mug: Product;
    beforeEach(async () => {
      n += 1;
      projectId = `demo-stock-notices-${Date.now().toString(36)}-${n}`;
      db = getFirestore(initializeApp({ projectId }, `stock-notices-${n}`));
      store = createFirestoreStore(db);
      mug = await store.addProduct(newProduct({ name: "Notice Mug" }));
      await store.setStock(mug.id, 40, null);
    });
    afterEach(() => store.close());

    it("writes a document for a write that changed shown stock, and none for a sale or count that did not", async () => {
      await store.addToLine("guest:notice-alice", mug.id, 1);
      const placed = await store.placeOrder({
        owner: "guest:notice-alice",
        uid: null,
        guestTokenHash: "d".repeat(64),
        idempotencyKey: "notice-key-0000001",
        paymentMethod: "pay_on_delivery",
        lines: [{ productId: mug.id, unitPriceCents: mug.priceCents, quantity: 1 }],
        ...defaultBill([{ productId: mug.id, unitPriceCents: mug.priceCents, quantity: 1 }]),
        contact: { email: "alice@example.com", name: "Alice", phone: "" },
        address: { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
        confirmation: emailOf("alice@example.com"),
      });
      assert.deepEqual(placed.stockShownChanged, []);
      await store.setStock(mug.id, 50, 39);
      assert.equal((await db.collection("stockNotices").get()).size, 0, "40 to 39 and 39 to 50 show the same: nothing written");
      const before = Date.now();
      await store.setStock(mug.id, 4, 50);
      const [notice, ...more] = (await db.collection("stockNotices").get()).docs;
      assert.equal(more.length, 0);
      assert.deepEqual(notice.get("productIds"), [mug.id]);
      const at = notice.get("at") as Timestamp;
      const expiresAt = notice.get("expiresAt") as Timestamp;
      assert.ok(at instanceof Timestamp && expiresAt instanceof Timestamp);
      assert.ok(Math.abs(at.toMillis() - Date.now()) < 60_000, "at is the commit's server time");
      assert.ok(expiresAt.toMillis() >= before + DAY && expiresAt.toMillis() <= Date.now() + DAY, "deleted by TTL a day later");
    });

    it("a listener holding more than 100 notices reopens at the newest, announcing each notice once", async () => {
      const opened: string[] = [];
      const original = Query.prototype.onSnapshot;
      Query.prototype.onSnapshot = function (this: Query, ...args: Parameters<Query["onSnapshot"]>) {
        opened.push("listener");
        return original.apply(this, args);
      } as Query["onSnapshot"];
      const other = createFirestoreStore(getFirestore(initializeApp({ projectId }, `stock-notices-${n}-other`)));
      try {
        const seen: string[][] = [];
        const stop = store.watchStock((ids) => seen.push(ids));
        assert.equal(opened.length, 1);
        // 110 notices at once, as 110 writes of other instances would leave them.
        const batch = db.batch();
        for (let i = 0; i < 110; i++) {
          batch.create(db.collection("stockNotices").doc(), {
            productIds: [`p${i}`],
            at: FieldValue.serverTimestamp(),
            expiresAt: Timestamp.fromMillis(Date.now() + DAY),
          });
        }
        await batch.commit();
        await eventually(() => assert.equal(seen.length, 110), 5000);
        await eventually(() => assert.equal(opened.length, 2, "reopened at the newest notice"), 5000);
        await pause(300);
        assert.equal(opened.length, 2, "and stays open: its cursor did not move");
        await other.setStock(mug.id, 5, 40);
        await eventually(() => assert.deepEqual(seen.at(-1), [mug.id]), 5000);
        await pause(500);
        assert.equal(seen.length, 111, "no notice announced twice");
        // The 110 share one commit time: the reopen at it holds them all again,
        // and reopens only once a later notice moves the cursor, not in a loop.
        assert.equal(opened.length, 3);
        assert.equal(new Set(seen.map((ids) => ids[0])).size, 111);
        stop();
      } finally {
        Query.prototype.onSnapshot = original;
        await other.close();
      }
    });
  });
}
