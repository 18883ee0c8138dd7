/**
 * A process never contends with itself where its writes meet: on a cart
 * (lib/data/firestore/carts.ts: its adds, quantity sets, removals and
 * merges of one cart take turns) and on meta/catalog, which every catalogue
 * write rewrites (catalog.ts: those writes take turns).
 *
 * Two transactions that both read a document and then write it lock each
 * other: each holds a read lock the other's commit must wait for. Cloud
 * Firestore aborts one at once. The emulator lets the lock wait run out its
 * 2 s, and the aborted one reruns after firebase-admin's backoff (about
 * 1 s); when both waits end together both abort and their reruns can lock
 * each other again, and a read that lost its wait is refused 7 to 8 s
 * later. Either way a call can outlive its 10 s deadline: the contract's
 * "two tabs set it at once" failed so.
 */
import assert from "node:assert/strict";
import { initializeApp } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { after, before, describe, it } from "node:test";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { newProduct } from "./helpers/fixtures";

const ADMIN = "admin@example.com";
const OTHER_ADMIN = "second-admin@example.com";

/** How long a held transaction waits for the others before it gives up and runs alone. */
const HOLD_MS = 5_000;

/**
 * A store whose transactions are counted: how many ran at once, at most, and
 * how many attempts they took. `holdUntilRunning(n)` makes each transaction
 * wait, before it starts, until n are running (or HOLD_MS pass): writes that
 * may run at once then overlap whatever the machine's speed, and writes that
 * take turns cannot reach n, so `most` says which they did.
 */
function countedStore(name: string) {
  const db = getFirestore(initializeApp({ projectId: `demo-${name}-${Date.now().toString(36)}` }, name));
  const seen = { running: 0, most: 0, transactions: 0, attempts: 0 };
  let hold: { running: number; reached: Promise<void>; reach: () => void } | null = null;
  const waitForHold = async () => {
    if (!hold) return;
    if (seen.running >= hold.running) return hold.reach();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([hold.reached, new Promise((resolve) => (timer = setTimeout(resolve, HOLD_MS)))]);
    clearTimeout(timer);
  };
  const runTransaction = db.runTransaction.bind(db);
  db.runTransaction = ((update, options) => {
    seen.transactions += 1;
    seen.running += 1;
    seen.most = Math.max(seen.most, seen.running);
    const counted: typeof update = (tx) => {
      seen.attempts += 1;
      return update(tx);
    };
    return waitForHold()
      .then(() => runTransaction(counted, options))
      .finally(() => (seen.running -= 1));
  }) as Firestore["runTransaction"];
  const holdUntilRunning = (running: number) => {
    let reach = () => {};
    const reached = new Promise<void>((resolve) => (reach = resolve));
    hold = { running, reached, reach };
  };
  const store: Store = createFirestoreStore(db);
  const count = () => {
    hold = null;
    Object.assign(seen, { most: 0, transactions: 0, attempts: 0 });
  };
  return { store, seen, count, holdUntilRunning };
}

if (!process.env.FIRESTORE_EMULATOR_HOST) {
  it("Firestore write turns need the emulator", () => {
    throw new Error("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts the Firestore emulator itself");
  });
} else {
  describe("Firestore: one process's writes to one cart take turns", () => {
    const { store, seen, count, holdUntilRunning } = countedStore("cart-turns");
    let lamp: Product;
    let mug: Product;
    let book: Product;
    let owners = 0;
    const guest = (): CartOwner => `guest:turns-${(owners += 1)}`;

    before(async () => {
      [lamp, mug, book] = await Promise.all(["Turn Lamp", "Turn Mug", "Turn Book"].map((name) => store.addProduct(newProduct({ name }))));
    });
    after(() => store.close());

    it("two quantity sets, an add and a removal of one cart, all at once: one transaction at a time, none rerun", async () => {
      const owner = guest();
      await store.addToLine(owner, lamp.id);
      await store.addToLine(owner, mug.id);
      count();
      await Promise.all([
        store.setLineQuantity(owner, lamp.id, 4),
        store.setLineQuantity(owner, lamp.id, 9),
        store.addToLine(owner, book.id),
        store.removeLine(owner, mug.id),
      ]);
      assert.equal(seen.transactions, 4);
      assert.equal(seen.most, 1, "one transaction at a time on the cart");
      assert.equal(seen.attempts, seen.transactions, "no transaction was rerun");
      const lines = new Map((await store.listCart(owner)).map((line) => [line.productId, line.quantity]));
      assert.ok([4, 9].includes(lines.get(lamp.id)!));
      assert.equal(lines.get(book.id), 1);
      assert.equal(lines.has(mug.id), false);
    });

    it("a merge takes turns with the writes of both its carts", async () => {
      const into: CartOwner = `user:turns-${(owners += 1)}`;
      const writes: Array<[string, (from: CartOwner) => Promise<unknown>]> = [
        ["the account's", () => store.addToLine(into, lamp.id)],
        ["the guest's", (from) => store.addToLine(from, mug.id)],
      ];
      let from: CartOwner = guest();
      for (const [other, write] of writes) {
        from = guest();
        await store.addToLine(from, lamp.id, 2);
        count();
        const merging = store.mergeCarts(from, into);
        const writing = write(from);
        assert.deepEqual((await merging).dropped, []);
        await writing;
        assert.equal(seen.most, 1, `a merge and an add to ${other} cart, one at a time`);
        assert.equal(seen.attempts, seen.transactions, "no transaction was rerun");
      }
      // Twice 2 merged, and 1 added; the guest's add came after its merge, so it stays in the guest's cart.
      assert.equal((await store.listCart(into)).find((line) => line.productId === lamp.id)?.quantity, 5);
      assert.deepEqual(
        (await store.listCart(from)).map((line) => line.productId),
        [mug.id],
      );
    });

    it("writes to different carts still run at once", async () => {
      const [one, two] = [guest(), guest()];
      await Promise.all([store.addToLine(one, lamp.id), store.addToLine(two, lamp.id)]);
      count();
      holdUntilRunning(2);
      await Promise.all([store.setLineQuantity(one, lamp.id, 5), store.setLineQuantity(two, lamp.id, 6)]);
      assert.equal(seen.most, 2, "the second cart's write started while the first cart's was running");
      assert.deepEqual(await Promise.all([one, two].map(async (owner) => (await store.listCart(owner))[0]?.quantity)), [5, 6]);
    });
  });

  describe("Firestore: one process's catalogue writes take turns", () => {
    const { store, seen, count } = countedStore("catalog-turns");
    after(() => store.close());

    it("two saves from one revision, an add and a delete, all at once: one transaction at a time, none rerun, the later save refused", async () => {
      const lamp = await store.addProduct(newProduct({ name: "Turn Lamp" }), ADMIN);
      const mug = await store.addProduct(newProduct({ name: "Turn Mug" }), ADMIN);
      count();
      const settled = await Promise.allSettled([
        store.updateProduct(lamp.id, newProduct({ name: "Save A" }), 0, ADMIN),
        store.updateProduct(lamp.id, newProduct({ name: "Save B" }), 0, OTHER_ADMIN),
        store.addProduct(newProduct({ name: "Turn Book" }), ADMIN),
        store.deleteProduct(mug.id, 0, ADMIN),
      ]);
      assert.equal(seen.most, 1, "one catalogue transaction at a time");
      assert.equal(seen.attempts, seen.transactions, "no transaction was rerun");
      assert.deepEqual(
        settled.map((s) => (s.status === "fulfilled" ? "saved" : (s.reason as { code: string }).code)),
        ["saved", "conflict", "saved", "saved"],
      );
      assert.equal((await store.getProduct(lamp.id))?.name, "Save A");
      assert.equal(await store.getProduct(mug.id), null);
    });
  });
}
