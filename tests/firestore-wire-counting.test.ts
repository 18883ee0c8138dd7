/**
 * The bench's Firestore counter (bench/counting/firestore-wire.mjs) against
 * the real emulator, loaded from outside the store as the bench loads it: the
 * figures docs/BENCHMARKS.md reports must follow Firestore's billing rules.
 */
import assert from "node:assert/strict";
import { initializeApp } from "firebase-admin/app";
import { FieldPath, getFirestore, type Firestore } from "firebase-admin/firestore";
import { after, before, describe, it } from "node:test";
import { countFirestoreWire, firestoreWireCounts } from "../bench/counting/firestore-wire.mjs";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import { productFields } from "@/lib/data/rules/product-fields";
import type { Store } from "@/lib/data/contract/store";
import { eventually, product } from "./helpers/fixtures";

const counts = () => firestoreWireCounts()!;

if (!process.env.FIRESTORE_EMULATOR_HOST) {
  it("Firestore counting needs the emulator", () => {
    throw new Error("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts the Firestore emulator itself");
  });
} else {
  describe("Firestore wire counter (bench)", () => {
    let store: Store;
    let db: Firestore;
    before(async () => {
      countFirestoreWire();
      const app = initializeApp({ projectId: `demo-wire-${Date.now().toString(36)}` }, "wire-counting");
      db = getFirestore(app);
      store = createFirestoreStore(db);
      await store.upsertProducts([product("w1", 3), product("w2", 2), product("w3", 1)]);
      for (let i = 0; i < 8; i++) await store.addToLine("guest:big-cart", i % 2 === 0 ? "w1" : "w2");
    });
    after(() => store.close());

    it("counts a query's documents, at least 1, and a get found or missing as 1, by collection", async () => {
      const start = counts();
      assert.equal((await store.listProducts()).length, 3);
      assert.equal(counts().documentReads - start.documentReads, 3);
      assert.equal(counts().byCollection.products.reads - start.byCollection.products.reads, 3);
      assert.equal(counts().byCollection.products.queries - start.byCollection.products.queries, 1, "one query sent");
      assert.equal(await store.getProduct("absent"), null);
      assert.deepEqual(await store.listCart("guest:nobody"), []);
      assert.equal(counts().documentReads - start.documentReads, 5);
    });

    it("bills a query's offset: each document it skipped, beside each it returned", async () => {
      const start = counts();
      const page = await db.collection("products").orderBy(FieldPath.documentId()).offset(2).limit(5).get();
      assert.equal(page.size, 1);
      assert.equal(counts().documentReads - start.documentReads, 3, "2 skipped + 1 returned");
      assert.equal(counts().byCollection.products.reads - start.byCollection.products.reads, 3);
    });

    it("bills a count 1 read per 1,000 index entries it matched, at least 1", async () => {
      const many = db.collection(`counted-${Date.now().toString(36)}`);
      for (let from = 0; from < 2_001; from += 500) {
        const batch = db.batch();
        for (let i = from; i < Math.min(from + 500, 2_001); i++) batch.set(many.doc(`d${i}`), { i });
        await batch.commit();
      }
      let start = counts();
      assert.equal((await many.count().get()).data().count, 2_001);
      assert.equal(counts().byKind.aggregation.documents - start.byKind.aggregation.documents, 3, "2,001 entries: 3 batches of 1,000");
      start = counts();
      assert.equal((await many.where("i", "<", 10).count().get()).data().count, 10);
      assert.equal(counts().byKind.aggregation.documents - start.byKind.aggregation.documents, 1);
      start = counts();
      assert.equal((await many.where("i", "<", 0).count().get()).data().count, 0);
      assert.equal(counts().documentReads - start.documentReads, 1, "a count of nothing still reads 1");
    });

    it("hasCart and ping read one document each, whatever the cart or catalogue holds", async () => {
      let start = counts().documentReads;
      assert.equal(await store.hasCart("guest:big-cart"), true);
      assert.equal(counts().documentReads - start, 1);
      start = counts().documentReads;
      assert.equal(await store.hasCart("guest:no-cart"), false);
      assert.equal(counts().documentReads - start, 1);
      start = counts().documentReads;
      await store.ping();
      assert.equal(counts().documentReads - start, 1);
    });

    it("counts the reads and writes of a transaction: an add to an account's cart reads its product and line, writes the line", async () => {
      let start = counts();
      await store.addToLine("user:tx", "w1");
      assert.equal(counts().byKind.get.documents - start.byKind.get.documents, 3, "a new line: the cart's line count too");
      assert.equal(counts().documentWrites - start.documentWrites, 2);
      assert.equal(counts().byCollection.items.writes - (start.byCollection.items?.writes ?? 0), 1);
      assert.equal(counts().byCollection.carts.writes - (start.byCollection.carts?.writes ?? 0), 1);
      start = counts();
      await store.addToLine("user:tx", "w1");
      assert.equal(counts().byKind.get.documents - start.byKind.get.documents, 2, "more of a line: no count");
      assert.equal(counts().documentWrites - start.documentWrites, 1);
    });

    it("an add to a guest's cart reads its product, its line and the cart's document, and writes the line and the document", async () => {
      let start = counts();
      await store.addToLine("guest:tx", "w1");
      assert.equal(counts().byKind.get.documents - start.byKind.get.documents, 3);
      assert.equal(
        counts().byKind.query.requests - start.byKind.query.requests,
        0,
        "no query: a cart's first change of a day stamps its lines",
      );
      assert.equal(counts().documentWrites - start.documentWrites, 2);
      start = counts();
      await store.addToLine("guest:big-cart", "w3");
      assert.equal(counts().documentReads - start.documentReads, 3, "however many lines the cart holds");
      assert.equal(counts().documentWrites - start.documentWrites, 2);
    });

    it("counts an edit's writes: the product, the catalogue's version and the recorded change", async () => {
      const start = counts().documentWrites;
      const current = (await store.getProductRevision("w3"))!;
      await store.updateProduct("w3", { ...productFields(current.product), name: "Renamed" }, current.revision, "admin@example.com");
      assert.equal(counts().documentWrites - start, 3);
    });

    // An account's cart: a change to a guest's restamps every line, so its listener is billed them all.
    it("bills a listener's whole result once, then only the changed documents, and tracks it while open", async () => {
      await store.addToLine("user:watched", "w1");
      const start = counts().byKind.snapshots.documents;
      const seen: number[] = [];
      const stop = store.watchCart("user:watched", (items) => seen.push(items.length));
      await eventually(() => assert.deepEqual(seen, [1]));
      assert.equal(counts().byKind.snapshots.documents - start, 1);
      assert.equal(counts().listeners.byPath["carts/user:watched/items"], 1);
      await store.addToLine("user:watched", "w2");
      await eventually(() => assert.deepEqual(seen, [1, 2]));
      // The emulator re-sends the whole result; Firestore bills the new line only.
      assert.equal(counts().byKind.snapshots.documents - start, 2);
      assert.equal(counts().listeners.snapshotsByPath["carts/user:watched/items"], 2);
      stop();
      assert.equal(counts().listeners.byPath["carts/user:watched/items"], undefined);
    });
  });
}
