/**
 * Many guest carts changed at once on the official emulator: each change
 * reads only what it names (lib/data/firestore/cart-write.ts), so carts do
 * not queue behind each other. With a query in every cart's transaction the
 * emulator ran them one after the other: 500 adds to 50 carts took 16 s and
 * most failed their 10 s deadline.
 */
import assert from "node:assert/strict";
import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { after, describe, it } from "node:test";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import type { CartOwner } from "@/lib/data/contract/cart";
import { product } from "./helpers/fixtures";

if (!process.env.FIRESTORE_EMULATOR_HOST) {
  it("Firestore cart load needs the emulator", () => {
    throw new Error("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts the Firestore emulator itself");
  });
} else {
  describe("Firestore: 50 guest carts, 10 adds each, all at once", () => {
    const app = initializeApp({ projectId: `demo-cart-load-${Date.now().toString(36)}` }, "cart-load");
    const store = createFirestoreStore(getFirestore(app));
    after(() => store.close());

    it("every add is acknowledged within its deadline, and counted once", async () => {
      const ids = Array.from({ length: 10 }, (_, i) => `load-${i}`);
      await store.upsertProducts(ids.map((id, i) => product(id, 1000 + i)));
      const owners = Array.from({ length: 50 }, (_, i) => `guest:0b5d1f2e-8c4a-4d6b-9e1f-${String(i).padStart(12, "0")}` as CartOwner);
      const results = await Promise.allSettled(owners.flatMap((owner) => ids.map((id) => store.addToLine(owner, id))));
      assert.deepEqual(
        results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason)),
        [],
      );
      for (const owner of owners.slice(0, 5)) assert.equal((await store.listCart(owner)).length, 10);
    });
  });
}
