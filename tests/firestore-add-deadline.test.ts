import assert from "node:assert/strict";
import { initializeApp } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { after, before, describe, it } from "node:test";
import { StoreError } from "@/lib/data/contract/errors";
import { COLLECTIONS } from "@/lib/data/firestore/mapping";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { newProduct, pause } from "./helpers/fixtures";

// "Unavailable" from an add must mean "not added": the shopper presses again.
// Seen in CI: a shop restarted after a SIGKILL found a cart line still locked
// by the dead instance's transaction; the add waited on the lock, answered
// "unavailable" at its deadline, and was written once the lock went, so the
// shopper's second press made it 2. Here another instance holds the lock.
const host = process.env.FIRESTORE_EMULATOR_HOST;
const DEADLINE_MS = 1_500;

if (!host) {
  it("Firestore add deadline needs the emulator", () => {
    throw new Error("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts the Firestore emulator itself");
  });
} else {
  describe("Firestore add that outlives its deadline behind a locked cart line", () => {
    const projectId = `demo-add-deadline-${Date.now().toString(36)}`;
    const owner = "guest:add-deadline";
    let store: Store;
    let otherInstance: Firestore;
    let mat: Product;
    before(async () => {
      otherInstance = getFirestore(initializeApp({ projectId }, "add-deadline-other"));
      // Set up with the default deadline: a cold emulator project answers its first calls slowly.
      const setup = createFirestoreStore(getFirestore(initializeApp({ projectId }, "add-deadline-setup")));
      mat = await setup.addProduct(newProduct({ name: "Deadline Mat" }));
      await setup.addToLine(owner, mat.id, 1);
      await setup.close();
      store = createFirestoreStore(getFirestore(initializeApp({ projectId }, "add-deadline-shop")), { deadlineMs: DEADLINE_MS });
      await store.listCart(owner); // connected
    });
    after(async () => {
      await store.close();
      await otherInstance.terminate();
    });

    it("answers unavailable and never writes the add, even after the lock is gone", async () => {
      const line = otherInstance.collection(COLLECTIONS.carts).doc(owner).collection(COLLECTIONS.cartItems).doc(mat.id);

      // The other instance reads the line (server transactions lock what they
      // read) and holds it well past the shop's deadline, then gives up.
      let holding!: () => void;
      const locked = new Promise<void>((resolve) => (holding = resolve));
      const lockHolder = otherInstance
        .runTransaction(
          async (tx) => {
            await tx.get(line);
            holding();
            await pause(DEADLINE_MS * 3);
            throw new Error("the other instance dies before it writes");
          },
          { maxAttempts: 1 },
        )
        .catch(() => "released");
      await locked;

      const started = Date.now();
      const answer = await store.addToLine(owner, mat.id, 1).then(
        () => "added",
        (error: unknown) => (error instanceof StoreError ? error.code : String(error)),
      );
      const ms = Date.now() - started;
      assert.equal(answer, "unavailable", "the add waited on the lock past its deadline");
      assert.ok(ms < DEADLINE_MS * 2.5, `answered within its deadline (took ${ms} ms)`);

      assert.equal(await lockHolder, "released");
      // Room for the shop's transaction to go on once the lock is free.
      await pause(DEADLINE_MS * 3);
      const items = await store.listCart(owner);
      assert.deepEqual(
        items.map((i) => [i.productId, i.quantity]),
        [[mat.id, 1]],
        "the add answered 'unavailable' did not land",
      );

      // And the line takes the shopper's next press exactly once.
      await store.addToLine(owner, mat.id, 1);
      assert.equal((await store.listCart(owner))[0].quantity, 2);
    });
  });
}
