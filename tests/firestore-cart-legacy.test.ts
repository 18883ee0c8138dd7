/**
 * Carts stored on Firestore before lines expired and before an account's
 * cart kept its line count: they keep working. An account's cart with no
 * counter document is counted once (and gets one); a guest's line with no
 * expiresAt is live, and takes the cart's expiry at its next change.
 */
import assert from "node:assert/strict";
import { initializeApp } from "firebase-admin/app";
import { Timestamp, getFirestore, type Firestore } from "firebase-admin/firestore";
import { after, before, describe, it } from "node:test";
import { GUEST_LINE_LIFETIME_MS } from "@/lib/data/rules/cart-bounds";
import { COLLECTIONS } from "@/lib/data/firestore/mapping";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Store } from "@/lib/data/contract/store";
import { LIMITS } from "@/lib/data/contract/limits";
import { rejectsWith } from "./helpers/assert-store-error";
import { product } from "./helpers/fixtures";

if (!process.env.FIRESTORE_EMULATOR_HOST) {
  it("Firestore legacy carts need the emulator", () => {
    throw new Error("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts the Firestore emulator itself");
  });
} else {
  describe("Firestore carts stored before expiry and line counts", () => {
    const projectId = `demo-cart-legacy-${Date.now().toString(36)}`;
    let db: Firestore;
    let store: Store;
    const ids = Array.from({ length: LIMITS.cartLinesMax + 1 }, (_, i) => `legacy-${i}`);
    const cart = (owner: CartOwner) => db.collection(COLLECTIONS.carts).doc(owner);
    /** Lines as the adapter wrote them before: the spec's fields, no expiry, no counter. */
    const writeOldLines = async (owner: CartOwner, lineIds: readonly string[]) => {
      const batch = db.batch();
      lineIds.forEach((id, i) =>
        batch.set(cart(owner).collection(COLLECTIONS.cartItems).doc(id), {
          productName: `Old ${id}`,
          productPrize: 10,
          productImage: "/products/old.webp",
          productDetials: "Old details.",
          quantity: 1,
          addedAt: Timestamp.fromMillis(Date.UTC(2024, 0, 1) + i),
        }),
      );
      await batch.commit();
    };

    before(async () => {
      db = getFirestore(initializeApp({ projectId }, "cart-legacy-writer"));
      store = createFirestoreStore(getFirestore(initializeApp({ projectId }, "cart-legacy-shop")));
      await store.upsertProducts(ids.map((id, i) => product(id, i + 1)));
    });
    after(async () => {
      await store.close();
      await db.terminate();
    });

    it(`an account's full cart without a counter is counted: the ${LIMITS.cartLinesMax + 1}st line is refused`, async () => {
      const owner: CartOwner = "user:legacyFull";
      await writeOldLines(owner, ids.slice(0, LIMITS.cartLinesMax));
      const error = await rejectsWith(store.addToLine(owner, ids[LIMITS.cartLinesMax]), "limit_exceeded");
      assert.ok(error.fields.cartLinesMax);
      assert.equal((await cart(owner).get()).exists, false, "a refused add writes nothing, not even the count");
    });

    it("an account's cart without a counter gets one with its first new line, and keeps it", async () => {
      const owner: CartOwner = "user:legacySome";
      await writeOldLines(owner, ids.slice(0, 3));
      await store.addToLine(owner, ids[3]);
      assert.deepEqual((await cart(owner).get()).data(), { lines: 4 });
      await store.removeLine(owner, ids[0]);
      assert.deepEqual((await cart(owner).get()).data(), { lines: 3 });
      await store.addToLine(owner, ids[1]);
      assert.deepEqual((await cart(owner).get()).data(), { lines: 3 }, "more of a line is no new line");
    });

    it("a guest's line without an expiry is live, and takes the cart's at its next change", async () => {
      const owner: CartOwner = "guest:legacy-guest";
      await writeOldLines(owner, ids.slice(0, 2));
      assert.deepEqual(
        (await store.listCart(owner)).map((line) => line.expiresAt),
        [null, null],
      );
      // hasCart reads the cart's document, which a guest cart from before expiry lacks until its next change.
      assert.equal(await store.hasCart(owner), false);
      const before = Date.now();
      await store.addToLine(owner, ids[0]);
      const expiries = (await store.listCart(owner)).map((line) => line.expiresAt!);
      assert.equal(expiries.length, 2);
      assert.equal(expiries[0], expiries[1]);
      // 30 days on, rounded up to a whole day.
      assert.ok(expiries[0] >= before + GUEST_LINE_LIFETIME_MS && expiries[0] <= Date.now() + GUEST_LINE_LIFETIME_MS + 24 * 60 * 60 * 1000);
      const stored = await cart(owner).collection(COLLECTIONS.cartItems).doc(ids[1]).get();
      assert.ok(stored.get("expiresAt") instanceof Timestamp, "stored as a Timestamp, for the TTL policy");
      const doc = await cart(owner).get();
      assert.equal(doc.get("lines"), 2, "the change gave the cart its document: its count");
      assert.equal((doc.get("expiresAt") as Timestamp).toMillis(), expiries[0], "and its lines' expiry");
      assert.equal(await store.hasCart(owner), true);
    });
  });
}
