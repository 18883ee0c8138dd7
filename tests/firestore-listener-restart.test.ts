import assert from "node:assert/strict";
import { initializeApp } from "firebase-admin/app";
import { DocumentReference, getFirestore, Query } from "firebase-admin/firestore";
import { afterEach, beforeEach, describe, it } from "node:test";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import type { CartItem } from "@/lib/data/contract/cart";
import type { CatalogChanges, Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { eventually, newProduct, pause } from "./helpers/fixtures";

// The Firestore adapter's listeners on the emulator, with failures injected:
// Firestore ends a listener for good when it errors, and the adapter must
// reopen it while its subscribers keep their subscriptions.
const host = process.env.FIRESTORE_EMULATOR_HOST;

type OnSnapshot = (this: unknown, onNext: (snapshot: unknown) => void, onError?: (error: Error) => void) => () => void;
type Watchable = { onSnapshot: OnSnapshot };

/**
 * Wraps every onSnapshot, of queries (a cart's lines) and of documents (the
 * catalogue's version), so a test can end the live listeners with an error,
 * as the backend would.
 */
function injectableListenerFailures() {
  const live = new Set<(error: Error) => void>();
  let snapshots = 0;
  const prototypes = [Query.prototype, DocumentReference.prototype] as unknown as Watchable[];
  const originals = prototypes.map((prototype) => prototype.onSnapshot);
  const patch = (original: OnSnapshot): OnSnapshot =>
    function (onNext, onError) {
      let alive = true;
      const stop = original.call(
        this,
        (snapshot) => {
          if (!alive) return;
          snapshots += 1;
          onNext(snapshot);
        },
        (error) => alive && onError?.(error),
      );
      const failNow = (error: Error) => {
        alive = false;
        live.delete(failNow);
        stop();
        onError?.(error);
      };
      live.add(failNow);
      return () => {
        alive = false;
        live.delete(failNow);
        stop();
      };
    };
  prototypes.forEach((prototype, i) => (prototype.onSnapshot = patch(originals[i])));
  return {
    failAll: () => [...live].forEach((fail) => fail(new Error("injected: the listener's stream broke"))),
    /** How many snapshots the listeners have delivered so far. */
    snapshots: () => snapshots,
    restore: () => prototypes.forEach((prototype, i) => (prototype.onSnapshot = originals[i])),
  };
}

if (!host) {
  it("Firestore listener restart needs the emulator", () => {
    throw new Error("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts the Firestore emulator itself");
  });
} else {
  describe("Firestore listeners after an error", () => {
    let store: Store;
    let lamp: Product;
    let failures: ReturnType<typeof injectableListenerFailures>;
    let n = 0;
    let projectId = "";
    beforeEach(async () => {
      failures = injectableListenerFailures();
      n += 1;
      projectId = `demo-restart-${Date.now().toString(36)}-${n}`;
      const app = initializeApp({ projectId }, `restart-${n}`);
      store = createFirestoreStore(getFirestore(app), {
        listeners: { initialDelayMs: 100, onFailure: () => {} },
      });
      lamp = await store.addProduct(newProduct({ name: "Restart Lamp" }));
    });
    afterEach(async () => {
      await store.close();
      failures.restore();
    });

    it("the catalogue feed reopens and reports what changed while it was down, and nothing when nothing did", async () => {
      const seen: CatalogChanges[] = [];
      const stop = store.watchCatalog((changes) => seen.push(changes));
      await eventually(() => assert.equal(failures.snapshots(), 1), 5000);
      assert.equal(seen.length, 0, "the first snapshot is not a change");
      // Nothing is written meanwhile: the version it reopens on is the one it knew.
      failures.failAll();
      await eventually(() => assert.equal(failures.snapshots(), 2), 5000);
      assert.equal(seen.length, 0, "a reopen on the same version is no change");
      // A change made while it is down is reported by the reopened listener, with what it changed.
      failures.failAll();
      const added = await store.addProduct(newProduct({ name: "Added while down", type: "Sport" }));
      await eventually(
        () =>
          assert.deepEqual(
            seen.at(-1)?.changes?.map((c) => c.products),
            [[added.id]],
          ),
        5000,
      );
      assert.equal(seen.length, 1, "exactly one report");
      stop();
    });

    it("the cart feed reopens and delivers the current cart to the subscribers it kept", async () => {
      const seen: CartItem[][] = [];
      const stop = store.watchCart("guest:restart-alice", (items) => seen.push(items));
      await eventually(() => assert.deepEqual(seen.at(-1), []));
      failures.failAll();
      await store.addToLine("guest:restart-alice", lamp.id, 3);
      await eventually(() => assert.equal(seen.at(-1)?.[0]?.quantity, 3), 5000);
      failures.failAll();
      failures.failAll();
      await store.addToLine("guest:restart-alice", lamp.id);
      await eventually(() => assert.equal(seen.at(-1)?.[0]?.quantity, 4), 5000);
      stop();
    });

    it("the stock feed reopens at the newest notice it saw: the notices written while it was down arrive, each once", async () => {
      // Another instance writes, so the notices reach this one through its listener only.
      const other = createFirestoreStore(getFirestore(initializeApp({ projectId }, `restart-${n}-other`)));
      try {
        const seen: string[][] = [];
        const stop = store.watchStock((ids) => seen.push(ids));
        await other.setStock(lamp.id, 3, null);
        await eventually(() => assert.deepEqual(seen, [[lamp.id]]), 5000);
        failures.failAll();
        await other.setStock(lamp.id, 2, 3);
        await eventually(() => assert.deepEqual(seen, [[lamp.id], [lamp.id]]), 5000);
        await pause(500);
        assert.equal(seen.length, 2, "the notice seen before the error is not announced again");
        stop();
      } finally {
        await other.close();
      }
    });
  });
}
