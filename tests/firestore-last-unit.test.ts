/**
 * Two instances (two firebase-admin clients on one database) placing orders
 * at the same moment, many rounds: of two checkouts of the last unit exactly
 * one is placed and the other refused out_of_stock, and two checkouts of
 * different products are both placed, each without waiting on the other's
 * locks (lib/data/firestore/place-order.ts says how).
 *
 * Each round holds both checkouts' first transaction, its reads done, until
 * the other's has read too: the interleaving in which two transactions that
 * read a document and then write it lock each other. Cloud Firestore would
 * abort one at once; the emulator lets the lock wait run out its 2 s and, as
 * often as not, aborts both, whose reruns after firebase-admin's backoff lock
 * each other again, past the store's 10 s deadline. So "no transaction was
 * rerun by firebase-admin" is what each round asserts besides the outcome.
 */
import assert from "node:assert/strict";
import { initializeApp } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { after, before, describe, it } from "node:test";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import type { PlaceOrderInput } from "@/lib/data/contract/orders";
import type { Store } from "@/lib/data/contract/store";
import { defaultBill, emailOf, newProduct } from "./helpers/fixtures";

const ROUNDS = 8;
const run = Date.now().toString(36);
const projectId = `demo-last-unit-${run}`;

/** Both instances' first transaction of a round waits here, its reads done, until the other's arrives (at most 3 s). */
function meeting() {
  let arrive: (() => void) | null = null;
  let waiting: Promise<void> | null = null;
  return {
    reset: () => void ((arrive = null), (waiting = null)),
    meet: () => {
      if (waiting && arrive) {
        arrive();
        return Promise.resolve();
      }
      waiting = new Promise<void>((resolve) => {
        arrive = resolve;
        setTimeout(resolve, 3_000);
      });
      return waiting;
    },
  };
}

const rendezvous = meeting();

/** A store through its own client, its transactions counted; its first transaction of a round meets the other instance's. */
function instance(name: string) {
  const db = getFirestore(initializeApp({ projectId }, `${name}-${run}`));
  const seen = { transactions: 0, attempts: 0, met: true };
  const runTransaction = db.runTransaction.bind(db);
  db.runTransaction = ((update, options) => {
    seen.transactions += 1;
    let attempt = 0;
    return runTransaction(async (tx) => {
      seen.attempts += 1;
      attempt += 1;
      const result = await update(tx);
      if (attempt === 1 && !seen.met) {
        seen.met = true;
        await rendezvous.meet();
      }
      return result;
    }, options);
  }) as Firestore["runTransaction"];
  const store: Store = createFirestoreStore(db);
  return { store, seen, reset: () => Object.assign(seen, { transactions: 0, attempts: 0, met: false }) };
}

let keys = 0;
function placement(owner: CartOwner, product: Product): PlaceOrderInput {
  const email = `${owner.slice(6)}@example.com`;
  const lines = [{ productId: product.id, unitPriceCents: product.priceCents, quantity: 1 }];
  return {
    owner,
    uid: null,
    guestTokenHash: "b".repeat(64),
    idempotencyKey: `last-unit-${run}-${(keys += 1)}`.padEnd(16, "x"),
    paymentMethod: "pay_on_delivery",
    lines,
    ...defaultBill(lines),
    contact: { email, name: "Ada Racer", phone: "+1 555 0100" },
    address: { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
    confirmation: emailOf(email),
  };
}

const outcomeOf = (settled: PromiseSettledResult<unknown>) =>
  settled.status === "fulfilled" ? "placed" : `${(settled.reason as { code?: string }).code}: ${(settled.reason as Error).message}`;

if (!process.env.FIRESTORE_EMULATOR_HOST) {
  it("two instances' checkouts need the emulator", () => {
    throw new Error("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts the Firestore emulator itself");
  });
} else {
  describe("Firestore: two instances' checkouts at the same moment", () => {
    const a = instance("shop-a");
    const b = instance("shop-b");
    let round = 0;
    before(async () => {
      await a.store.ping();
      await b.store.ping();
    });
    after(async () => {
      await a.store.close();
      await b.store.close();
    });

    /** Two guests, each with one unit of their product in the cart, check out at once through the two instances. */
    async function race(lampA: Product, lampB: Product) {
      round += 1;
      const [ada, grace]: CartOwner[] = [`guest:race-a-${run}-${round}`, `guest:race-b-${run}-${round}`];
      await a.store.addToLine(ada, lampA.id);
      await b.store.addToLine(grace, lampB.id);
      a.reset();
      b.reset();
      rendezvous.reset();
      const started = Date.now();
      const settled = await Promise.allSettled([a.store.placeOrder(placement(ada, lampA)), b.store.placeOrder(placement(grace, lampB))]);
      return { outcomes: settled.map(outcomeOf), ms: Date.now() - started };
    }

    it(`the last unit, ${ROUNDS} rounds: one order placed, the other refused out of stock, the stock 0, no lock waited on`, async () => {
      const took: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const lamp = await a.store.addProduct(newProduct({ name: `Last Lamp ${i}` }));
        await a.store.setStock(lamp.id, 1, null);
        const { outcomes, ms } = await race(lamp, lamp);
        took.push(ms);
        const refusal = `conflict: The order was refused: line:${lamp.id} out_of_stock`;
        assert.deepEqual([...outcomes].sort(), [refusal, "placed"].sort(), `round ${i + 1} (${ms} ms)`);
        assert.equal((await a.store.getStock([lamp.id])).get(lamp.id), 0);
        assert.equal(
          a.seen.attempts + b.seen.attempts,
          a.seen.transactions + b.seen.transactions,
          `round ${i + 1}: a transaction was rerun`,
        );
      }
      console.log(`last unit: each round took ${took.join(", ")} ms`);
    });

    it(`different products, ${ROUNDS} rounds: both placed, no lock waited on`, async () => {
      const took: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const [lamp, mug] = await Promise.all([
          a.store.addProduct(newProduct({ name: `Own Lamp ${i}` })),
          a.store.addProduct(newProduct({ name: `Own Mug ${i}` })),
        ]);
        await a.store.setStock(lamp.id, 1, null);
        const { outcomes, ms } = await race(lamp, mug);
        took.push(ms);
        assert.deepEqual(outcomes, ["placed", "placed"], `round ${i + 1} (${ms} ms)`);
        assert.equal(
          a.seen.attempts + b.seen.attempts,
          a.seen.transactions + b.seen.transactions,
          `round ${i + 1}: a transaction was rerun`,
        );
      }
      console.log(`different products: each round took ${took.join(", ")} ms`);
    });
  });
}
