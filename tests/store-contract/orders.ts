import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { RETURN_WINDOW_MS, type OrderStep } from "@/lib/data/contract/order-states";
import type { EmailOfOrder, Order, PlaceOrderInput } from "@/lib/data/contract/orders";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Product } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { rejectsWith } from "../helpers/assert-store-error";
import { defaultBill, newProduct } from "../helpers/fixtures";
import type { SecondInstanceFactory, StoreFactory } from "./types";

const alice: CartOwner = "guest:order-alice-0001";
const bob: CartOwner = "guest:order-bob-0002";
const carol: CartOwner = "user:orderCarolUid";
const DAY = 24 * 60 * 60 * 1000;
const GUEST_TOKEN_HASH = "a".repeat(64);
const REFERENCE = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}$/;

/** A clock for the store that only moves when told. */
function movableClock(start = Date.UTC(2030, 0, 1)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

let keys = 0;
const newKey = () => `checkout-key-${Date.now().toString(36)}-${++keys}`.padEnd(16, "x");

/** The confirmation as the store takes it: written from the order just placed. */
const confirmation =
  (to: string): EmailOfOrder =>
  (order) => ({ to, subject: `Your order ${order.reference}`, text: `Thank you. Order ${order.reference}: /orders-page/${order.id}` });

/** What a checkout sends for `owner`'s cart as shown: each line with the product's price. */
function placement(owner: CartOwner, lines: [Product, number][], overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  const email = overrides.contact?.email ?? "Alice@Example.com";
  const signedIn = owner.startsWith("user:");
  return {
    owner,
    uid: signedIn ? owner.slice(5) : null,
    guestTokenHash: signedIn ? null : GUEST_TOKEN_HASH,
    idempotencyKey: newKey(),
    paymentMethod: "pay_on_delivery",
    lines: lines.map(([product, quantity]) => ({ productId: product.id, unitPriceCents: product.priceCents, quantity })),
    ...defaultBill(lines.map(([product, quantity]) => ({ productId: product.id, unitPriceCents: product.priceCents, quantity }))),
    contact: { email, name: "Alice Doe", phone: "+1 555 0100" },
    address: { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
    confirmation: confirmation(email),
    ...overrides,
  };
}

/** A step's email, written from the order after the step (its payment state shows the step was applied first). */
const stepEmail =
  (step: OrderStep): EmailOfOrder =>
  (order) => ({
    to: "alice@example.com",
    subject: `Order step ${step}`,
    text: `The order took the step ${step}; payment ${order.payment}.`,
  });

async function fillCart(store: Store, owner: CartOwner, lines: [Product, number][]): Promise<void> {
  for (const [product, quantity] of lines) await store.addToLine(owner, product.id, quantity);
}

async function conflictFields(promise: Promise<unknown>): Promise<Record<string, string>> {
  return (await rejectsWith(promise, "conflict")).fields;
}

/** Orders, stock and the outbox (lib/data/contract/order-store.ts), on every adapter. */
export function orderContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("orders", () => {
    let store: Store;
    let clock: ReturnType<typeof movableClock>;
    let lamp: Product;
    let mug: Product;
    beforeEach(async () => {
      clock = movableClock();
      store = await open({ cartClock: clock.now });
      lamp = await store.addProduct(newProduct({ name: "Desk Lamp", priceCents: 3999 }));
      mug = await store.addProduct(newProduct({ name: "Mug", priceCents: 1250, type: "Accessories" }));
      await store.setStock(lamp.id, 5, null);
    });
    afterEach(() => store.close());

    /** Places an order of `lines` from `owner`'s cart, filled first. */
    async function place(owner: CartOwner, lines: [Product, number][], overrides: Partial<PlaceOrderInput> = {}): Promise<Order> {
      await fillCart(store, owner, lines);
      const result = await store.placeOrder(placement(owner, lines, overrides));
      assert.equal(result.created, true);
      return result.order;
    }

    const step = (order: Order, name: OrderStep, note = "", by = "admin@example.com") =>
      store.takeOrderStep(order.id, { step: name, expectedRevision: order.revision, by, note, email: stepEmail(name) });

    it("places an order: the order written, stock taken, the cart emptied, the confirmation in the outbox", async () => {
      const catalogVersion = await store.getCatalogVersion();
      const order = await place(alice, [
        [lamp, 2],
        [mug, 1],
      ]);
      assert.match(order.reference, REFERENCE);
      assert.ok(order.id.length >= 22 && /^[A-Za-z0-9_-]+$/.test(order.id), order.id);
      assert.deepEqual(order.lines, [
        { productId: lamp.id, name: "Desk Lamp", image: lamp.images[0].src, unitPriceCents: 3999, quantity: 2 },
        { productId: mug.id, name: "Mug", image: mug.images[0].src, unitPriceCents: 1250, quantity: 1 },
      ]);
      assert.equal(order.subtotalCents, 9248);
      // Over the default contiguous zone's $50.00: free, and named.
      assert.equal(order.shippingCents, 0);
      assert.equal(order.shippingZone, "Contiguous United States");
      // Illinois's 6.25 % of the goods (the shipping is free): 578.0, no rounding.
      assert.deepEqual([order.taxCents, order.taxRate, order.totalCents], [578, 6250, 9826]);
      assert.deepEqual(
        [order.fulfilment, order.payment, order.paymentMethod, order.returnState, order.revision, order.placedAt],
        ["placed", "due", "pay_on_delivery", null, 0, clock.now()],
      );
      assert.deepEqual(order.history, [{ at: clock.now(), by: "shopper", step: "place", from: "", to: "placed", note: "" }]);
      assert.equal(order.owner, alice);
      assert.equal(order.uid, null);
      assert.deepEqual(order.guestTokenHashes, [GUEST_TOKEN_HASH]);

      assert.deepEqual(await store.getOrder(order.id), order);
      const compact = order.reference.replaceAll("-", "").toLowerCase();
      assert.deepEqual(await store.getOrderByReference(compact), order);
      assert.deepEqual(await store.listCart(alice), []);
      assert.equal(await store.hasCart(alice), false);
      assert.deepEqual(
        await store.getStock([lamp.id, mug.id]),
        new Map([
          [lamp.id, 3],
          [mug.id, null],
        ]),
      );
      // Stock is no catalogue change.
      assert.equal(await store.getCatalogVersion(), catalogVersion);

      const emails = await store.listOrderEmails(order.id);
      assert.equal(emails.length, 1);
      assert.equal(emails[0].subject, `Your order ${order.reference}`);
      assert.equal(emails[0].text, `Thank you. Order ${order.reference}: /orders-page/${order.id}`);
      assert.equal(emails[0].to, "Alice@Example.com");
      assert.equal(emails[0].messageId, `<order-${order.id}-confirmation@storefront>`);
      assert.deepEqual([emails[0].state, emails[0].attempts, emails[0].orderId, emails[0].lastError], ["pending", 0, order.id, null]);
    });

    it("the same owner and key make one order, however often it is sent", async () => {
      await fillCart(store, alice, [[lamp, 1]]);
      const input = placement(alice, [[lamp, 1]]);
      const first = await store.placeOrder(input);
      const again = await store.placeOrder(input);
      assert.equal(again.created, false);
      assert.deepEqual(again.order, first.order);
      assert.equal((await store.listOrderEmails(first.order.id)).length, 1);
      assert.equal((await store.getStock([lamp.id])).get(lamp.id), 4);
      assert.equal(
        (await store.listOrders({ fulfilment: null, payment: null, returnState: null, query: "", limit: 10, after: null })).orders.length,
        1,
      );
      // Another owner's same key is another checkout: refused here because that cart is empty.
      await rejectsWith(store.placeOrder({ ...input, owner: bob }), "invalid_input");
    });

    it("refuses a bad input before anything is written", async () => {
      await fillCart(store, alice, [[lamp, 1]]);
      const input = placement(alice, [[lamp, 1]]);
      await rejectsWith(store.placeOrder({ ...input, address: { ...input.address, country: "USA" } }), "invalid_input");
      await rejectsWith(store.placeOrder({ ...input, idempotencyKey: "short" }), "invalid_input");
      await rejectsWith(store.setStock(lamp.id, -1, 5), "invalid_input");
      assert.equal((await store.listCart(alice)).length, 1);
      assert.equal((await store.getStock([lamp.id])).get(lamp.id), 5);
      assert.deepEqual(
        (await store.listOrders({ fulfilment: null, payment: null, returnState: null, query: "", limit: 10, after: null })).orders,
        [],
      );
    });

    it("refuses an empty cart as invalid input", async () => {
      await rejectsWith(store.placeOrder(placement(alice, [[lamp, 1]])), "invalid_input");
      assert.deepEqual(
        (await store.listOrders({ fulfilment: null, payment: null, returnState: null, query: "", limit: 10, after: null })).orders,
        [],
      );
    });

    for (const second of [false, true]) {
      it(`of two placements of the last unit, exactly one succeeds${second ? " (through a second instance)" : ""}`, async () => {
        await store.setStock(lamp.id, 1, 5);
        await fillCart(store, alice, [[lamp, 1]]);
        await fillCart(store, bob, [[lamp, 1]]);
        const other = second ? await openSecond(store) : store;
        try {
          const results = await Promise.allSettled([
            store.placeOrder(placement(alice, [[lamp, 1]])),
            other.placeOrder(placement(bob, [[lamp, 1]])),
          ]);
          const placed = results.filter((r) => r.status === "fulfilled");
          const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
          assert.equal(placed.length, 1, JSON.stringify(results.map((r) => r.status)));
          assert.equal(refused.length, 1);
          assert.equal(refused[0].reason.code, "conflict");
          assert.deepEqual(refused[0].reason.fields, { [`line:${lamp.id}`]: "out_of_stock" });
          assert.equal((await store.getStock([lamp.id])).get(lamp.id), 0);
        } finally {
          if (second) await other.close();
        }
      });
    }

    /** Nothing of a refused placement was written: the cart as it was, no order, no email, stock unchanged. */
    async function assertNothingWritten(owner: CartOwner, cart: [string, number][]) {
      const byId = (a: [string, number], b: [string, number]) => (a[0] < b[0] ? -1 : 1);
      assert.deepEqual(
        (await store.listCart(owner)).map((line): [string, number] => [line.productId, line.quantity]).sort(byId),
        [...cart].sort(byId),
      );
      assert.deepEqual(
        (await store.listOrders({ fulfilment: null, payment: null, returnState: null, query: "", limit: 10, after: null })).orders,
        [],
      );
      assert.deepEqual(await store.claimDueEmails(clock.now() + DAY, 10, 60_000), []);
      assert.equal((await store.getStock([lamp.id])).get(lamp.id), 5);
    }

    it("refuses a line whose product was deleted, naming it; nothing is written", async () => {
      await fillCart(store, alice, [
        [lamp, 1],
        [mug, 2],
      ]);
      const revision = (await store.getProductRevision(mug.id))!.revision;
      await store.deleteProduct(mug.id, revision, "admin@example.com");
      const fields = await conflictFields(
        store.placeOrder(
          placement(alice, [
            [lamp, 1],
            [mug, 2],
          ]),
        ),
      );
      assert.deepEqual(fields, { [`line:${mug.id}`]: "deleted" });
      await assertNothingWritten(alice, [
        [lamp.id, 1],
        [mug.id, 2],
      ]);
    });

    it("refuses a line whose price changed and one out of stock, all at once; nothing is written", async () => {
      await fillCart(store, alice, [
        [lamp, 6],
        [mug, 2],
      ]);
      const revision = (await store.getProductRevision(mug.id))!.revision;
      await store.updateProduct(
        mug.id,
        { name: mug.name, images: mug.images, priceCents: 1400, details: mug.details, type: mug.type },
        revision,
        "admin@example.com",
      );
      const fields = await conflictFields(
        store.placeOrder(
          placement(alice, [
            [lamp, 6],
            [mug, 2],
          ]),
        ),
      );
      assert.deepEqual(fields, { [`line:${lamp.id}`]: "out_of_stock", [`line:${mug.id}`]: "price_changed" });
      await assertNothingWritten(alice, [
        [lamp.id, 6],
        [mug.id, 2],
      ]);
    });

    it("refuses when the cart no longer holds the lines shown; nothing is written", async () => {
      await fillCart(store, alice, [[lamp, 2]]);
      assert.deepEqual(await conflictFields(store.placeOrder(placement(alice, [[lamp, 1]]))), { cart: "cart_changed" });
      await fillCart(store, alice, [[mug, 1]]);
      const fields = await conflictFields(store.placeOrder(placement(alice, [[lamp, 2]])));
      assert.equal(fields.cart, "cart_changed");
      assert.equal(fields[`line:${mug.id}`], "cart_changed");
      await assertNothingWritten(alice, [
        [lamp.id, 2],
        [mug.id, 1],
      ]);
    });

    it("takes every step of a delivered, paid and returned order, recording each and telling the shopper", async () => {
      let order = await place(alice, [[lamp, 2]]);
      await rejectsWith(step(order, "ship"), "conflict"); // no tracking number
      order = await step(order, "ship", "1Z999AA10123456784");
      assert.deepEqual([order.fulfilment, order.trackingNumber, order.revision], ["shipped", "1Z999AA10123456784", 1]);
      clock.advance(DAY);
      order = await step(order, "deliver");
      assert.deepEqual([order.fulfilment, order.deliveredAt], ["delivered", clock.now()]);
      order = await step(order, "record_payment");
      assert.equal(order.payment, "paid");
      await rejectsWith(step(order, "request_return", "", "shopper"), "conflict"); // no reason
      order = await step(order, "request_return", "It flickers", "shopper");
      assert.deepEqual([order.returnState, order.returnReason], ["requested", "It flickers"]);
      assert.equal((await store.getStock([lamp.id])).get(lamp.id), 3);
      order = await step(order, "accept_return");
      assert.deepEqual([order.returnState, order.payment, order.revision], ["returned", "refunded", 5]);
      assert.equal((await store.getStock([lamp.id])).get(lamp.id), 5);

      assert.deepEqual(await store.getOrder(order.id), order);
      assert.deepEqual(
        order.history.map((e) => [e.step, e.by]),
        [
          ["place", "shopper"],
          ["ship", "admin@example.com"],
          ["deliver", "admin@example.com"],
          ["record_payment", "admin@example.com"],
          ["request_return", "shopper"],
          ["accept_return", "admin@example.com"],
        ],
      );
      assert.equal(order.history[1].note, "1Z999AA10123456784");
      assert.notEqual(order.history[1].from, order.history[1].to);
      const emails = await store.listOrderEmails(order.id);
      assert.deepEqual(
        emails.map((e) => e.messageId),
        [`<order-${order.id}-confirmation@storefront>`, ...[1, 2, 3, 4, 5].map((revision) => `<order-${order.id}-${revision}@storefront>`)],
      );
      assert.equal(emails[1].subject, "Order step ship");
    });

    it("refuses a step the order's state does not allow, naming why, and writes nothing", async () => {
      const order = await place(alice, [[lamp, 1]]);
      for (const name of ["deliver", "record_payment", "refund", "request_return", "accept_return", "refuse_return"] as const) {
        const error = await rejectsWith(
          step(order, name, "a note", name === "request_return" ? "shopper" : "admin@example.com"),
          "conflict",
        );
        assert.ok(error.message.length > 10, error.message);
      }
      const shipped = await step(order, "ship", "TRACK-1");
      for (const name of ["ship", "cancel", "record_payment", "request_return"] as const) {
        await rejectsWith(step(shipped, name, "a note"), "conflict");
      }
      const delivered = await step(shipped, "deliver");
      await rejectsWith(step(delivered, "refund"), "conflict"); // nothing paid yet
      await rejectsWith(step(delivered, "cancel"), "conflict");
      const current = await store.getOrder(order.id);
      assert.deepEqual(current, delivered);
      assert.equal((await store.listOrderEmails(order.id)).length, 3);
      await rejectsWith(step({ ...order, id: "no-such-order" }, "ship", "T"), "not_found");
    });

    it("refuses a step decided on a revision that moved since", async () => {
      const order = await place(alice, [[lamp, 1]]);
      await step(order, "ship", "TRACK-1");
      const error = await rejectsWith(step(order, "cancel"), "conflict");
      assert.match(error.message, /changed since/);
      assert.equal((await store.getOrder(order.id))!.fulfilment, "shipped");
    });

    it("cancels a placed order: stock given back, nothing owed (voided), the email written after; refuse_return ends a request", async () => {
      const order = await place(alice, [[lamp, 2]]);
      assert.equal((await store.getStock([lamp.id])).get(lamp.id), 3);
      const cancelled = await step(order, "cancel");
      assert.deepEqual([cancelled.fulfilment, cancelled.payment], ["cancelled", "voided"]);
      assert.equal((await store.getOrder(order.id))?.payment, "voided");
      const emails = await store.listOrderEmails(order.id);
      assert.equal(emails.at(-1)?.text, "The order took the step cancel; payment voided.");
      assert.equal((await store.getStock([lamp.id])).get(lamp.id), 5);
      await rejectsWith(step(cancelled, "ship", "T"), "conflict");

      let other = await place(bob, [[mug, 1]]);
      other = await step(other, "ship", "T-2");
      other = await step(other, "deliver");
      other = await step(other, "request_return", "Wrong colour", "shopper");
      other = await step(other, "refuse_return");
      assert.deepEqual([other.returnState, other.payment], ["refused", "due"]);
      await rejectsWith(step(other, "request_return", "Again", "shopper"), "conflict");
    });

    it("takes a return request within 30 days of delivery only (the store's clock)", async () => {
      const late = await place(alice, [[lamp, 1]]);
      const early = await place(bob, [[mug, 1]]);
      let lateOrder = await step(await step(late, "ship", "T-1"), "deliver");
      let earlyOrder = await step(await step(early, "ship", "T-2"), "deliver");
      clock.advance(RETURN_WINDOW_MS - 1);
      earlyOrder = await step(earlyOrder, "request_return", "Too small", "shopper");
      assert.equal(earlyOrder.returnState, "requested");
      clock.advance(1);
      const error = await rejectsWith(step(lateOrder, "request_return", "Too late", "shopper"), "conflict");
      assert.match(error.message, /30 days/);
      lateOrder = (await store.getOrder(lateOrder.id))!;
      assert.equal(lateOrder.returnState, null);
    });

    it("sets a product's stock only while it is as the form saw it; never a catalogue change", async () => {
      const version = await store.getCatalogVersion();
      assert.deepEqual(await store.getStock([mug.id]), new Map([[mug.id, null]]));
      await store.setStock(mug.id, 10, null);
      await rejectsWith(store.setStock(mug.id, 20, null), "conflict");
      await rejectsWith(store.setStock(lamp.id, 20, 4), "conflict");
      await store.setStock(lamp.id, 0, 5);
      await store.setStock(mug.id, null, 10);
      assert.deepEqual(
        await store.getStock([lamp.id, mug.id]),
        new Map([
          [lamp.id, 0],
          [mug.id, null],
        ]),
      );
      await rejectsWith(store.setStock("no-such-product", 1, null), "not_found");
      assert.equal(await store.getCatalogVersion(), version);
      assert.deepEqual(await store.getStock([]), new Map());
    });

    it("claims due emails by lease: one claim at a time, retried when failed, failed for good without a retry", async () => {
      const order = await place(alice, [[lamp, 1]]);
      const now = clock.now();
      const [claimed, ...rest] = await store.claimDueEmails(now, 10, 60_000);
      assert.deepEqual(rest, []);
      assert.deepEqual([claimed.orderId, claimed.attempts, claimed.state], [order.id, 1, "pending"]);
      assert.deepEqual(await store.claimDueEmails(now + 1_000, 10, 60_000), [], "leased");
      // The lease ran out without an answer (a crashed sender): due again.
      const [reclaimed] = await store.claimDueEmails(now + 61_000, 10, 60_000);
      assert.equal(reclaimed.id, claimed.id);
      assert.equal(reclaimed.attempts, 2);
      await store.markEmailFailed(claimed.id, "421 try later", now + 300_000);
      assert.deepEqual(await store.claimDueEmails(now + 200_000, 10, 60_000), []);
      const [retried] = await store.claimDueEmails(now + 300_000, 10, 60_000);
      assert.equal(retried.attempts, 3);
      await store.markEmailFailed(claimed.id, "550 no such user", null);
      assert.deepEqual(await store.claimDueEmails(now + 10 * DAY, 10, 60_000), []);
      const [failed] = await store.listOrderEmails(order.id);
      assert.deepEqual([failed.state, failed.lastError, failed.attempts], ["failed", "550 no such user", 3]);

      const sent = await place(bob, [[mug, 1]]);
      const [toSend] = await store.claimDueEmails(clock.now(), 10, 60_000);
      assert.equal(toSend.orderId, sent.id);
      await store.markEmailSent(toSend.id);
      assert.equal((await store.listOrderEmails(sent.id))[0].state, "sent");
      assert.deepEqual(await store.claimDueEmails(clock.now() + DAY, 10, 60_000), []);
      await rejectsWith(store.markEmailSent("no-such-email"), "not_found");
    });

    it("queues an account's email, about no order, and drains it with the orders' emails", async () => {
      const order = await place(alice, [[lamp, 1]]);
      clock.advance(1000);
      await store.queueEmail({
        to: "dana@example.com",
        subject: "Choose a new password",
        text: "https://shop.example/new-password?code=x",
      });
      const claimed = await store.claimDueEmails(clock.now(), 10, 60_000);
      assert.deepEqual(
        claimed.map((e) => [e.orderId, e.to, e.subject, e.state, e.attempts]),
        [
          [order.id, "Alice@Example.com", `Your order ${order.reference}`, "pending", 1],
          [null, "dana@example.com", "Choose a new password", "pending", 1],
        ],
      );
      const [confirmationEmail, account] = claimed;
      assert.match(account.messageId, /^<account-[0-9a-f]{24}@storefront>$/);
      await store.markEmailSent(account.id);
      await store.markEmailSent(confirmationEmail.id);
      assert.deepEqual(await store.claimDueEmails(clock.now() + DAY, 10, 60_000), [], "sent: never claimed again");
      assert.equal((await store.listOrderEmails(order.id)).length, 1, "an order's emails are its own");
      for (const bad of [{ to: "not an address", subject: "s", text: "t" }, { to: "dana@example.com", subject: "", text: "t" }, null]) {
        await rejectsWith(store.queueEmail(bad as never), "invalid_input");
      }
      assert.deepEqual(await store.claimDueEmails(clock.now() + 2 * DAY, 10, 60_000), [], "nothing written by a refused email");
    });

    it("claims at most `limit` emails, oldest due first", async () => {
      const first = await place(alice, [[lamp, 1]]);
      clock.advance(1000);
      await place(bob, [[mug, 1]]);
      const claimed = await store.claimDueEmails(clock.now(), 1, 60_000);
      assert.deepEqual(
        claimed.map((e) => e.orderId),
        [first.id],
      );
    });

    it("lists every order newest first in pages, filtered by state, searched by reference or email", async () => {
      const a = await place(alice, [[lamp, 1]], { contact: { email: "ann@example.com", name: "Ann", phone: "" } });
      clock.advance(1000);
      const b = await place(bob, [[mug, 1]], { contact: { email: "bo@example.com", name: "Bo", phone: "" } });
      clock.advance(1000);
      const c = await place(carol, [[lamp, 1]], { contact: { email: "Ann@Example.com", name: "Ann", phone: "" } });
      const all = { fulfilment: null, payment: null, returnState: null, query: "", limit: 2, after: null };
      const first = await store.listOrders(all);
      assert.deepEqual(
        first.orders.map((o) => o.id),
        [c.id, b.id],
      );
      assert.ok(first.next);
      const second = await store.listOrders({ ...all, after: first.next });
      assert.deepEqual(
        second.orders.map((o) => o.id),
        [a.id],
      );
      assert.equal(second.next, null);

      await step(b, "ship", "T-B");
      assert.deepEqual(
        (await store.listOrders({ ...all, fulfilment: "shipped" })).orders.map((o) => o.id),
        [b.id],
      );
      assert.deepEqual(
        (await store.listOrders({ ...all, fulfilment: "placed", limit: 10 })).orders.map((o) => o.id),
        [c.id, a.id],
      );
      assert.deepEqual((await store.listOrders({ ...all, payment: "paid" })).orders, []);
      assert.deepEqual((await store.listOrders({ ...all, returnState: "requested" })).orders, []);

      const byReference = await store.listOrders({ ...all, query: b.reference.replaceAll("-", "").toLowerCase() });
      assert.deepEqual(
        byReference.orders.map((o) => o.id),
        [b.id],
      );
      const byEmail = await store.listOrders({ ...all, query: "ANN@example.com", limit: 10 });
      assert.deepEqual(
        byEmail.orders.map((o) => o.id),
        [c.id, a.id],
      );
      assert.deepEqual((await store.listOrders({ ...all, query: "nobody@example.com" })).orders, []);
      await rejectsWith(store.listOrders({ ...all, after: "bm90LWEtY3Vyc29y" }), "invalid_input");

      // A range of placed times, from inclusive, before exclusive, paged like the rest and with a state.
      const range = { ...all, placedFrom: b.placedAt, placedBefore: c.placedAt, limit: 10 };
      assert.deepEqual(
        (await store.listOrders(range)).orders.map((o) => o.id),
        [b.id],
      );
      assert.deepEqual(
        (await store.listOrders({ ...range, placedBefore: c.placedAt + 1 })).orders.map((o) => o.id),
        [c.id, b.id],
      );
      const wide = { ...range, placedFrom: a.placedAt, placedBefore: c.placedAt + 1, limit: 2 };
      const paged = await store.listOrders(wide);
      const rest = await store.listOrders({ ...wide, after: paged.next });
      assert.deepEqual(
        [...paged.orders, ...rest.orders].map((o) => o.id),
        [c.id, b.id, a.id],
      );
      assert.deepEqual((await store.listOrders({ ...range, fulfilment: "placed" })).orders, []);
      await rejectsWith(store.listOrders({ ...range, placedFrom: -1 }), "invalid_input");
    });

    it("lists a shopper's orders: their own, and guest orders of their verified email", async () => {
      const guestOrder = await place(alice, [[lamp, 1]], { contact: { email: "carol@example.com", name: "Carol", phone: "" } });
      clock.advance(1000);
      const own = await place(carol, [[mug, 1]], { contact: { email: "carol@example.com", name: "Carol", phone: "" } });
      clock.advance(1000);
      await place(bob, [[mug, 1]], { contact: { email: "bob@example.com", name: "Bob", phone: "" } });
      assert.deepEqual(
        (await store.listShopperOrders("orderCarolUid", null, 10)).map((o) => o.id),
        [own.id],
      );
      assert.deepEqual(
        (await store.listShopperOrders("orderCarolUid", "Carol@Example.com", 10)).map((o) => o.id),
        [own.id, guestOrder.id],
      );
      assert.deepEqual(
        (await store.listShopperOrders("orderCarolUid", "carol@example.com", 1)).map((o) => o.id),
        [own.id],
      );
      assert.deepEqual(await store.listShopperOrders("someoneElse", null, 10), []);
    });

    it("erases a customer: contact and address blanked on each of their orders, figures kept", async () => {
      const a = await place(alice, [[lamp, 2]], { contact: { email: "erase.me@example.com", name: "Erin", phone: "123 456" } });
      const b = await place(bob, [[mug, 1]], { contact: { email: "keep@example.com", name: "Kim", phone: "" } });
      clock.advance(1000);
      assert.equal(await store.eraseCustomer("Erase.Me@example.com"), 1);
      const erased = (await store.getOrder(a.id))!;
      assert.deepEqual(erased.contact, { name: "", email: "erased", phone: "" });
      assert.deepEqual(erased.address, { country: "", line1: "", line2: "", city: "", region: "", postalCode: "" });
      assert.equal(erased.erasedAt, clock.now());
      assert.deepEqual([erased.lines, erased.totalCents, erased.reference], [a.lines, a.totalCents, a.reference]);
      assert.deepEqual(await store.getOrder(b.id), b);
      const [email] = await store.listOrderEmails(a.id);
      assert.deepEqual([email.to, email.text, email.state], ["erased", "", "failed"]);
      assert.deepEqual(
        (await store.claimDueEmails(clock.now(), 10, 60_000)).map((e) => e.orderId),
        [b.id],
        "an erased order's email is never sent",
      );
      assert.equal(await store.eraseCustomer("erase.me@example.com"), 0);
    });

    it("erases an account's orders whatever email they carry, and no one else's; once", async () => {
      const own = await place(carol, [[mug, 1]], { contact: { email: "gift.for.dan@example.com", name: "Dan", phone: "" } });
      const guest = await place(alice, [[lamp, 1]], { contact: { email: "gift.for.dan@example.com", name: "Dan", phone: "" } });
      clock.advance(1000);
      assert.equal(await store.eraseAccountOrders("orderCarolUid"), 1);
      const erased = (await store.getOrder(own.id))!;
      assert.deepEqual(erased.contact, { name: "", email: "erased", phone: "" });
      assert.equal(erased.erasedAt, clock.now());
      const [email] = await store.listOrderEmails(own.id);
      assert.deepEqual([email.to, email.text, email.state], ["erased", "", "failed"]);
      assert.deepEqual(await store.getOrder(guest.id), guest, "a guest order of the same email is not the account's");
      clock.advance(1000);
      assert.equal(await store.eraseAccountOrders("orderCarolUid"), 0);
      assert.equal((await store.getOrder(own.id))!.erasedAt, erased.erasedAt);
      assert.equal(await store.eraseAccountOrders("nobodyUid"), 0);
      await rejectsWith(store.eraseAccountOrders("bad/uid"), "invalid_input");
    });
  });
}
