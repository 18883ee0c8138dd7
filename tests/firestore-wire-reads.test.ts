import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { countReads, readCounts } from "@/lib/data/counting";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import type { Store } from "@/lib/data/types";
import { eventually, product } from "./helpers/fixtures";

// The benchmark's Firestore read counter against the real emulator: the
// figures docs/BENCHMARKS.md reports must follow Firestore's billing rules.
// Uses FIRESTORE_EMULATOR_HOST when set, else starts an emulator itself.
let stopEmulator: (() => Promise<void>) | undefined;
let store: Store;

const reads = () => readCounts()!.firestore!;

describe("Firestore document read counter (STORE_COUNT_READS, bench)", () => {
  before(async () => {
    if (!process.env.FIRESTORE_EMULATOR_HOST) {
      // A plain .mjs script without types: its one function used here, typed.
      const launcher: string = "../scripts/lib/firestore-emulator.mjs";
      const { startFirestoreEmulator } = (await import(launcher)) as {
        startFirestoreEmulator: () => Promise<{ host: string; stop: () => Promise<void> }>;
      };
      const emulator = await startFirestoreEmulator();
      process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
      stopEmulator = emulator.stop;
    }
    const app = initializeApp({ projectId: `demo-wire-reads-${Date.now().toString(36)}` }, "wire-reads");
    store = countReads(createFirestoreStore(getFirestore(app)));
    await store.upsertProducts([product("w1", 3), product("w2", 2), product("w3", 1)]);
  });

  after(async () => {
    await store?.close();
    await stopEmulator?.();
  });

  it("counts a query's documents, at least 1, and a get found or missing as 1", async () => {
    const start = reads().documentReads;
    assert.equal((await store.listProducts()).length, 3);
    assert.equal(reads().documentReads - start, 3);
    assert.equal(await store.getProduct("absent"), null);
    assert.equal(reads().documentReads - start, 4);
    assert.deepEqual(await store.listCart("guest:nobody"), []);
    assert.equal(reads().documentReads - start, 5);
  });

  it("counts the reads an add makes inside the adapter, which the Store-level counter cannot see", async () => {
    const start = reads().documentReads;
    const storeLevel = readCounts()!.documents;
    await store.addToLine("guest:tx", "w1");
    // At least the product, read to snapshot it into the line.
    assert.ok(reads().documentReads - start >= 1);
    assert.equal(readCounts()!.documents, storeLevel);
  });

  it("bills a listener's whole result once, then only the changed documents, and tracks it while open", async () => {
    await store.addToLine("guest:watched", "w1");
    const start = reads().byKind.snapshots.documents;
    const seen: number[] = [];
    const stop = store.watchCart("guest:watched", (items) => seen.push(items.length));
    await eventually(() => assert.deepEqual(seen, [1]));
    assert.equal(reads().byKind.snapshots.documents - start, 1);
    assert.equal(reads().listeners.byPath["carts/guest:watched/items"], 1);
    await store.addToLine("guest:watched", "w2");
    await eventually(() => assert.deepEqual(seen, [1, 2]));
    // The emulator re-sends the whole result; Firestore bills the new line only.
    assert.equal(reads().byKind.snapshots.documents - start, 2);
    stop();
    assert.equal(reads().listeners.byPath["carts/guest:watched/items"], undefined);
  });
});
