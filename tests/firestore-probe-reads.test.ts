import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { countFirestoreWireReads, firestoreWireCounts } from "@/lib/data/firestore-wire-reads";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import type { Store } from "@/lib/data/types";
import { product } from "./helpers/fixtures";

// hasCart and ping exist to be cheap: one billed document read each on
// Firestore, however big the cart or the catalogue. Counted on the wire
// (firestore-wire-reads.ts), as Firestore bills them.
const host = process.env.FIRESTORE_EMULATOR_HOST;

if (!host) {
  it("Firestore probe reads need the emulator", () => {
    throw new Error("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts the Firestore emulator itself");
  });
} else {
  describe("Firestore hasCart and ping read one document", () => {
    let store: Store;
    const reads = () => firestoreWireCounts()!.documentReads;
    before(async () => {
      countFirestoreWireReads();
      const app = initializeApp({ projectId: `demo-probe-reads-${Date.now().toString(36)}` }, "probe-reads");
      store = createFirestoreStore(getFirestore(app));
      await store.upsertProducts(Array.from({ length: 30 }, (_, i) => product(`p${i}`, i + 1, "Electronics")));
      for (let i = 0; i < 8; i++) await store.addToLine("guest:big-cart", `p${i}`);
    });
    after(() => store.close());

    it("hasCart is one read for a cart of 8 lines and one for a missing cart", async () => {
      let start = reads();
      assert.equal(await store.hasCart("guest:big-cart"), true);
      assert.equal(reads() - start, 1);
      start = reads();
      assert.equal(await store.hasCart("guest:no-cart"), false);
      assert.equal(reads() - start, 1);
    });

    it("ping is one read with 30 products in the catalogue", async () => {
      const start = reads();
      await store.ping();
      assert.equal(reads() - start, 1);
    });
  });
}
