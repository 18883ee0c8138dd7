/**
 * A checkout and a card payment's webhook when Firestore stops answering in
 * the middle of them, and a checkout when it is only slow (issue 44, item 3;
 * tests/checkout-store-faults.test.ts holds SQLite's). The shop's store
 * reaches the official emulator through a relay this test stalls or slows
 * (helpers/tcp-relay.ts), as a network between an instance and
 * Firestore would: the checkout and the webhook have read what they need
 * when the relay stalls at the order's placement, or at the step the event
 * takes. Each time the shopper is told to try again (Stripe is
 * answered "unavailable", its 503), nothing of it is written even once the
 * held bytes reach the emulator late, an order acknowledged before the fault
 * is as it was, and once Firestore answers again the same submit, or
 * Stripe's next delivery, lands once, on the same store object: no restart.
 */
import assert from "node:assert/strict";
import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { after, before, describe, test } from "node:test";
import Stripe from "stripe";
import type { CartOwner } from "@/lib/data/contract/cart";
import { isStoreError } from "@/lib/data/contract/errors";
import type { Order } from "@/lib/data/contract/orders";
import type { Store } from "@/lib/data/contract/store";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import { applyCardEvent } from "@/lib/orders/card-webhook";
import { CHECKOUT_MESSAGES, placeOrderFromForm } from "@/lib/orders/place-order";
import { startCardPayment } from "@/lib/payments/start-card-payment";
import { startStripeStandIn, type StripeStandIn } from "../scripts/stripe-stand-in.mjs";
import { checkoutOn, twoAtTwentyForm } from "./helpers/fault-checkout";
import { pause, placeGuestOrder, product } from "./helpers/fixtures";
import { startTcpRelay, type TcpRelay } from "./helpers/tcp-relay";
import { asDelivered } from "./helpers/stripe-events";

const emulator = process.env.FIRESTORE_EMULATOR_HOST;
/** The shop's deadline for one store call here (guard.ts): Firestore held longer than this is "unavailable". */
const DEADLINE_MS = 1_500;
const ALL_ORDERS = { fulfilment: null, payment: null, returnState: null, query: "", limit: 10, after: null };

/** A Firestore store of `projectId` reached through `relay` (the client reads the emulator's address as it is made). */
function storeThrough(relay: TcpRelay, projectId: string, name: string, deadlineMs?: number): Store {
  const direct = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${relay.port}`;
  try {
    return createFirestoreStore(getFirestore(initializeApp({ projectId }, name)), deadlineMs ? { deadlineMs } : {});
  } finally {
    process.env.FIRESTORE_EMULATOR_HOST = direct;
  }
}

/** `store`, but the relay stalls as `method` is called: the call is the first the stopped Firestore does not answer. */
function stallingAt<M extends keyof Store>(store: Store, relay: TcpRelay, method: M): Store {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key !== method) return value;
      return (...args: unknown[]) => {
        relay.stall();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

if (!emulator) {
  test("Firestore store faults need the emulator", () => {
    throw new Error("FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts the Firestore emulator itself");
  });
} else {
  const [host, port] = [emulator.slice(0, emulator.lastIndexOf(":")), Number(emulator.slice(emulator.lastIndexOf(":") + 1))];
  const projectId = `demo-store-faults-${Date.now().toString(36)}`;
  let apps = 0;

  describe("a checkout when Firestore stops answering, or is slow", () => {
    let relay: TcpRelay;
    /** The emulator reached directly: what the test seeds and checks with. */
    let direct: Store;
    const stores: Store[] = [];

    before(async () => {
      relay = await startTcpRelay({ host, port });
      direct = createFirestoreStore(getFirestore(initializeApp({ projectId }, `faults-direct-${++apps}`)));
    });
    after(async () => {
      relay.resume();
      for (const store of stores) await store.close();
      await direct.close();
      await relay.close();
    });

    /** A tracked lamp of its own (5 in stock) in a guest's cart of two; the guest. */
    async function cartOfTwo(id: string): Promise<CartOwner> {
      await direct.upsertProducts([product(id, 1, "Electronics", { name: "Desk Lamp", priceCents: 2000 })]);
      await direct.setStock(id, 5, null);
      const guest: CartOwner = `guest:3c7e4a8e-1f2d-4c3b-9a8e-${id.padStart(12, "0")}`;
      await direct.addToLine(guest, id, 2);
      return guest;
    }

    test("stopped as the order is placed: try again, nothing written even once the held call arrives; an order placed before is as it was; back, the same submit places it once", async () => {
      const shop = storeThrough(relay, projectId, `faults-shop-${++apps}`, DEADLINE_MS);
      stores.push(shop);
      // An order acknowledged before the fault.
      const earlier = await cartOfTwo("lampearlier");
      const acknowledged = await placeOrderFromForm(checkoutOn(shop, earlier), twoAtTwentyForm(1, "lampearlier"));
      assert.equal(acknowledged.kind, "placed", JSON.stringify(acknowledged));

      const guest = await cartOfTwo("lampstalled");
      const started = Date.now();
      const refused = await placeOrderFromForm(checkoutOn(stallingAt(shop, relay, "placeOrder"), guest), twoAtTwentyForm(2, "lampstalled"));
      assert.deepEqual(refused.kind === "unavailable" && refused.problem, CHECKOUT_MESSAGES.unavailable, JSON.stringify(refused));
      assert.ok(Date.now() - started < DEADLINE_MS * 3, `answered within its deadline (${Date.now() - started} ms)`);

      // Firestore answers again: the held bytes reach it late, and the shop's transaction, past its deadline, must not commit.
      relay.resume();
      await pause(DEADLINE_MS * 2);
      assert.equal((await direct.getStock(["lampstalled"])).get("lampstalled"), 5);
      assert.deepEqual(
        (await direct.listCart(guest)).map((line) => [line.productId, line.quantity]),
        [["lampstalled", 2]],
      );
      const before = (await direct.listOrders(ALL_ORDERS)).orders;
      assert.deepEqual(
        before.map((order) => order.lines.map((line) => line.productId)),
        [["lampearlier"]],
        "only the order placed before the fault",
      );
      assert.ok(acknowledged.kind === "placed");
      const shape = (order: Order) => [order.id, order.revision, order.totalCents, order.payment, order.history.length];
      assert.deepEqual(shape(before[0]), shape(acknowledged.order), "as it was acknowledged");
      assert.equal((await direct.getStock(["lampearlier"])).get("lampearlier"), 3);

      const placed = await placeOrderFromForm(checkoutOn(shop, guest), twoAtTwentyForm(2, "lampstalled"));
      assert.equal(placed.kind, "placed", JSON.stringify(placed));
      assert.equal((await direct.listOrders(ALL_ORDERS)).orders.length, 2);
      assert.equal((await direct.getStock(["lampstalled"])).get("lampstalled"), 3);
      assert.deepEqual(await direct.listCart(guest), []);
      // The same submit again is the same order, not a second.
      const again = await placeOrderFromForm(checkoutOn(shop, guest), twoAtTwentyForm(2, "lampstalled"));
      assert.equal(again.kind === "placed" && again.order.id, placed.kind === "placed" && placed.order.id);
      assert.equal((await direct.listOrders(ALL_ORDERS)).orders.length, 2);
    });

    test("slow, every packet 150 ms late either way: the checkout waits for it and places the order once", async () => {
      const shop = storeThrough(relay, projectId, `faults-slow-${++apps}`);
      stores.push(shop);
      const guest = await cartOfTwo("lampslow");
      await shop.listCart(guest); // connected before it slows
      relay.slow(150);
      try {
        const started = Date.now();
        const placed = await placeOrderFromForm(checkoutOn(shop, guest), twoAtTwentyForm(3, "lampslow"));
        assert.equal(placed.kind, "placed", JSON.stringify(placed));
        assert.ok(Date.now() - started >= 300, `it waited for the store (${Date.now() - started} ms)`);
      } finally {
        relay.slow(0);
      }
      assert.equal((await direct.getStock(["lampslow"])).get("lampslow"), 3);
      assert.deepEqual(await direct.listCart(guest), []);
    });
  });

  describe("a card payment's webhook when Firestore stops answering", () => {
    const KEY = "sk_test_firestorefaults";
    const SECRET = "whsec_firestorefaults";
    let standIn: StripeStandIn;
    let stripe: Stripe;
    let relay: TcpRelay;
    let direct: Store;
    let shop: Store;

    before(async () => {
      standIn = await startStripeStandIn({ port: 0 });
      stripe = new Stripe(KEY, { host: "127.0.0.1", port: standIn.port, protocol: "http", telemetry: false, maxNetworkRetries: 0 });
      relay = await startTcpRelay({ host, port });
      direct = createFirestoreStore(getFirestore(initializeApp({ projectId }, `faults-direct-${++apps}`)));
      shop = storeThrough(relay, projectId, `faults-webhook-${++apps}`, DEADLINE_MS);
    });
    after(async () => {
      relay.resume();
      await shop.close();
      await direct.close();
      await relay.close();
      await standIn.close();
    });

    test("stopped as the paid event lands: unavailable (Stripe's 503, delivered again), nothing changed; back, the next delivery pays it once", async () => {
      await direct.upsertProducts([product("lampcard", 1, "Electronics", { name: "Card Lamp", priceCents: 1999 })]);
      await direct.setStock("lampcard", 5, null);
      const order: Order = await placeGuestOrder(direct, { id: "lampcard", priceCents: 1999 }, { quantity: 2, email: "wendy@example.com" });
      const start = await startCardPayment(direct, stripe, (await direct.getOrder(order.id))!, {
        successUrl: "http://shop.test/back?session_id={CHECKOUT_SESSION_ID}",
        cancelUrl: "http://shop.test/back",
        taxName: "Sales tax",
      });
      assert.equal(start.kind, "pay", JSON.stringify(start));
      const session = (await direct.getOrder(order.id))!.cardSession!;
      const pressed = await fetch(`${standIn.url}/c/pay/${session}/pay`, { method: "POST", redirect: "manual" });
      assert.equal(pressed.status, 303);
      const made = standIn
        .events()
        .filter((event) => event.type === "checkout.session.completed" && (event.data.object as { id: string }).id === session)
        .at(-1);
      assert.ok(made);
      const paid = asDelivered(stripe, made, SECRET);
      const before = (await direct.getOrder(order.id))!;
      await shop.getOrder(order.id); // connected before it stops

      await assert.rejects(applyCardEvent(stallingAt(shop, relay, "takeOrderStep"), paid), (error) => isStoreError(error, "unavailable"));
      relay.resume();
      await pause(DEADLINE_MS * 2);
      const unchanged = (await direct.getOrder(order.id))!;
      assert.deepEqual(
        [unchanged.payment, unchanged.revision, unchanged.history.length],
        [before.payment, before.revision, before.history.length],
      );
      assert.equal((await direct.getStock(["lampcard"])).get("lampcard"), 3, "the two units still held for it");

      assert.equal((await applyCardEvent(shop, paid)).kind, "applied", "Stripe's next delivery");
      assert.equal((await direct.getOrder(order.id))!.payment, "paid");
      assert.deepEqual(await applyCardEvent(shop, paid), { kind: "ignored", why: "it was applied already" });
    });
  });
}
