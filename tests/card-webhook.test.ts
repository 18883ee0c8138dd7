/**
 * A card payment from the shop's side (issue 40), against a real SQLite store
 * and the project's Stripe stand-in through the official SDK: a session is
 * made from the order's bill (its total to the cent), once per attempt
 * however often it is asked for; Stripe's events move the order once each,
 * in any order, on any instance; an older session's events, a charge that
 * is not the order's, and an event for no order change nothing; Stripe down
 * leaves the order awaiting payment, to be paid later; a store that stops
 * taking writes as an event lands changes nothing until Stripe delivers it
 * again.
 */
import Database from "better-sqlite3";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, describe, test } from "node:test";
import Stripe from "stripe";
import type { Order } from "@/lib/data/contract/orders";
import type { Product } from "@/lib/data/contract/catalog";
import { isStoreError } from "@/lib/data/contract/errors";
import type { Store } from "@/lib/data/contract/store";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { paymentProblems } from "@/lib/admin/orders/payment-problems";
import { applyCardEvent } from "@/lib/orders/card-webhook";
import { stepEmail } from "@/lib/orders/emails";
import { closeCardSession } from "@/lib/payments/close-card-session";
import { refundCardPayment } from "@/lib/payments/refund-card";
import { startCardPayment } from "@/lib/payments/start-card-payment";
import { captureLogLines } from "@/lib/log/sink";
import { startStripeStandIn, type StripeStandIn } from "../scripts/stripe-stand-in.mjs";
import { eventually, newProduct, placeGuestOrder } from "./helpers/fixtures";
import { asDelivered } from "./helpers/stripe-events";

const KEY = "sk_test_cardwebhook";
const SECRET = "whsec_cardwebhooktest";
const SETTING = {
  successUrl: "http://shop.test/back?session_id={CHECKOUT_SESSION_ID}",
  cancelUrl: "http://shop.test/back",
  taxName: "Sales tax",
};
const dir = mkdtempSync(join(tmpdir(), "card-webhook-"));
let files = 0;

describe("card payments, the shop's side", () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let path: string;
  let store: Store;
  let lamp: Product;

  before(async () => {
    standIn = await startStripeStandIn({ port: 0 });
    stripe = new Stripe(KEY, { host: "127.0.0.1", port: standIn.port, protocol: "http", telemetry: false, maxNetworkRetries: 0 });
  });
  after(async () => {
    await standIn.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await store?.close();
    path = join(dir, `orders-${++files}.db`);
    store = openSqliteStore(path);
    lamp = await store.addProduct(newProduct({ name: "Webhook Lamp", priceCents: 1999 }));
    await store.setStock(lamp.id, 5, null);
  });

  const placeByCard = (quantity = 2) => placeGuestOrder(store, lamp, { quantity, email: "wendy@example.com" });

  /** Starts paying `order`: Stripe's page (its session id). */
  async function pageOf(order: Order): Promise<string> {
    const start = await startCardPayment(store, stripe, (await store.getOrder(order.id))!, SETTING);
    assert.equal(start.kind, "pay", JSON.stringify(start));
    return (await store.getOrder(order.id))!.cardSession!;
  }

  /** The shopper's button on the stand-in's page. */
  const press = async (sessionId: string, action: "pay" | "pay-later") => {
    const response = await fetch(`${standIn.url}/c/pay/${sessionId}/${action}`, { method: "POST", redirect: "manual" });
    assert.equal(response.status, 303);
  };

  /** The stand-in's newest event of `type` about `sessionId`, as the webhook receives it: signed, then verified. */
  function eventOf(type: string, sessionId: string): Stripe.Event {
    const made = standIn
      .events()
      .filter((event) => event.type === type && (event.data.object as { id: string }).id === sessionId)
      .at(-1);
    assert.ok(made, `no ${type} for ${sessionId}`);
    return asDelivered(stripe, made, SECRET);
  }

  test("Stripe's session charges the order's own bill, to the cent, and one attempt makes one session however often it is asked", async () => {
    const order = await placeByCard(3);
    const setting = (await store.getOrder(order.id))!;
    const [a, b] = await Promise.all([
      startCardPayment(store, stripe, setting, SETTING),
      startCardPayment(store, stripe, setting, SETTING),
    ]);
    assert.deepEqual([a.kind, b.kind], ["pay", "pay"]);
    assert.equal((a as { url: string }).url, (b as { url: string }).url, "the same key replays the same session");
    const session = await stripe.checkout.sessions.retrieve((await store.getOrder(order.id))!.cardSession!);
    assert.equal(session.amount_total, order.totalCents);
    assert.deepEqual([session.currency, session.metadata?.order_id, session.client_reference_id], ["usd", order.id, order.id]);
    assert.ok(session.expires_at - Math.floor(Date.now() / 1000) >= 30 * 60, "Stripe's 30 minutes at least");
  });

  test("paid: the order is paid once, however often the event comes, and on two instances at once", async () => {
    const order = await placeByCard();
    const session = await pageOf(order);
    await press(session, "pay");
    const paid = eventOf("checkout.session.completed", session);
    const second = openSqliteStore(path);
    try {
      const outcomes = await Promise.all([applyCardEvent(store, paid), applyCardEvent(second, paid), applyCardEvent(store, paid)]);
      assert.deepEqual(outcomes.map((o) => o.kind).sort(), ["applied", "ignored", "ignored"]);
    } finally {
      await second.close();
    }
    const after = (await store.getOrder(order.id))!;
    assert.equal(after.payment, "paid");
    assert.equal(after.history.filter((entry) => entry.note === paid.id).length, 1);
    assert.equal(after.revision, order.revision + 1);
    assert.deepEqual(await applyCardEvent(store, paid), { kind: "ignored", why: "it was applied already" });
  });

  test("the store stops taking writes as the paid event lands: it changes nothing and is refused as unavailable (Stripe's 503, delivered again), then paid once", async () => {
    const order = await placeByCard();
    const session = await pageOf(order);
    await press(session, "pay");
    const paid = eventOf("checkout.session.completed", session);
    const before = (await store.getOrder(order.id))!;
    // Another connection holds the database's writes past the store's busy timeout.
    const other = new Database(path);
    try {
      other.prepare("BEGIN IMMEDIATE").run();
      await assert.rejects(applyCardEvent(store, paid), (error) => isStoreError(error, "unavailable"));
      other.prepare("ROLLBACK").run();
    } finally {
      other.close();
    }
    const unchanged = (await store.getOrder(order.id))!;
    assert.deepEqual(
      [unchanged.payment, unchanged.revision, unchanged.history.length],
      [before.payment, before.revision, before.history.length],
    );
    assert.equal((await store.getStock([lamp.id])).get(lamp.id), 3, "the two units still held for it");
    assert.equal((await applyCardEvent(store, paid)).kind, "applied", "Stripe's next delivery");
    assert.equal((await store.getOrder(order.id))!.payment, "paid");
    assert.deepEqual(await applyCardEvent(store, paid), { kind: "ignored", why: "it was applied already" });
  });

  test("an expired page gives the stock back once; its late events, once the shopper pays again, change nothing", async () => {
    const order = await placeByCard(2);
    const first = await pageOf(order);
    await stripe.checkout.sessions.expire(first);
    const expired = eventOf("checkout.session.expired", first);
    assert.equal((await applyCardEvent(store, expired)).kind, "applied");
    assert.equal((await store.getStock([lamp.id])).get(lamp.id), 5, "both units back");

    const lapsed = (await store.getOrder(order.id))!;
    await store.takeOrderStep(order.id, {
      step: "pay_again",
      expectedRevision: lapsed.revision,
      by: "shopper",
      note: "",
      email: stepEmail("pay_again"),
    });
    assert.equal((await store.getStock([lamp.id])).get(lamp.id), 3, "held again");
    const second = await pageOf(order);
    assert.notEqual(second, first);
    // The first page's expiry, delivered again now (Stripe retries for days): another session's, so nothing moves.
    const again = { ...expired, id: "evt_redelivered_late" };
    assert.deepEqual(await applyCardEvent(store, again), {
      kind: "ignored",
      why: "it is about another session than the order's current one",
    });
    assert.equal((await store.getStock([lamp.id])).get(lamp.id), 3);

    await press(second, "pay");
    assert.equal((await applyCardEvent(store, eventOf("checkout.session.completed", second))).kind, "applied");
    assert.equal((await store.getOrder(order.id))!.payment, "paid");
  });

  test("a bank debit: completed but pending changes nothing until it settles; a failed one releases the stock", async () => {
    const order = await placeByCard(1);
    const session = await pageOf(order);
    await press(session, "pay-later");
    assert.deepEqual(await applyCardEvent(store, eventOf("checkout.session.completed", session)), {
      kind: "ignored",
      why: "its payment is still pending",
    });
    assert.equal((await store.getOrder(order.id))!.payment, "awaiting");
    const settle = await fetch(`${standIn.url}/_stand-in/checkout/sessions/${session}/settle`, {
      method: "POST",
      headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "outcome=failed",
    });
    assert.equal(settle.status, 200);
    assert.equal((await applyCardEvent(store, eventOf("checkout.session.async_payment_failed", session))).kind, "applied");
    const failed = (await store.getOrder(order.id))!;
    assert.equal(failed.payment, "failed");
    assert.equal((await store.getStock([lamp.id])).get(lamp.id), 5);
  });

  test("a charge that is not the order's is never marked paid and shows on the desk as a problem; an event for no order, or of another kind, changes nothing", async () => {
    const order = await placeByCard(1);
    const session = await pageOf(order);
    await press(session, "pay");
    const paid = eventOf("checkout.session.completed", session);
    const altered = (id: string, change: Record<string, unknown>) =>
      ({ ...paid, id, data: { object: { ...paid.data.object, ...change } } }) as unknown as Stripe.Event;
    const short = altered("evt_short", { amount_total: order.totalCents - 1 });
    const euros = altered("evt_euros", { currency: "eur" });
    const lines = captureLogLines();
    try {
      assert.deepEqual(await applyCardEvent(store, short), { kind: "applied", orderId: order.id, step: "card_charge_mismatch" });
      assert.deepEqual(await applyCardEvent(store, euros), { kind: "applied", orderId: order.id, step: "card_charge_mismatch" });
      assert.deepEqual(await applyCardEvent(store, euros), { kind: "ignored", why: "it was applied already" });
    } finally {
      lines.restore();
    }
    assert.deepEqual(
      lines.lines.filter((line) => line.level === "error" && line.kind === "payments.charge_mismatch").length,
      2,
      "each mismatched charge is one error line",
    );
    const problem = (await store.getOrder(order.id))!;
    assert.equal(problem.payment, "awaiting", "never marked paid");
    assert.deepEqual(
      paymentProblems(problem).map((text) => /event (evt_\w+)/.exec(text)?.[1]),
      ["evt_short", "evt_euros"],
      "the desk shows each as a problem",
    );
    const stranger = altered("evt_stranger", { metadata: { order_id: "no-such-order-0000" }, client_reference_id: null });
    assert.deepEqual(await applyCardEvent(store, stranger), { kind: "ignored", why: "no order has its id" });
    assert.equal(
      (await applyCardEvent(store, { ...paid, id: "evt_other", type: "customer.created" } as unknown as Stripe.Event)).kind,
      "ignored",
    );
    assert.equal((await applyCardEvent(store, paid)).kind, "applied", "the genuine event still pays it");
  });

  test("Stripe down at Place order: the order stays awaiting payment with no session, and is paid once Stripe answers", async () => {
    const order = await placeByCard(1);
    standIn.setFault({ mode: "down" });
    try {
      assert.deepEqual(await startCardPayment(store, stripe, order, SETTING), { kind: "unavailable" });
    } finally {
      standIn.setFault({ mode: "none" });
    }
    const kept = (await store.getOrder(order.id))!;
    assert.deepEqual([kept.payment, kept.cardSession], ["awaiting", null]);
    const session = await pageOf(order);
    await press(session, "pay");
    assert.equal((await applyCardEvent(store, eventOf("checkout.session.completed", session))).kind, "applied");
  });

  test("Stripe slow at Place order: the shop gives up within its timeout, the order stays awaiting, and a retry shows the page Stripe made meanwhile, not a second", async () => {
    const order = await placeByCard(1);
    const impatient = new Stripe(KEY, {
      host: "127.0.0.1",
      port: standIn.port,
      protocol: "http",
      telemetry: false,
      maxNetworkRetries: 0,
      timeout: 200,
    });
    const now = Date.now();
    const before = standIn.sessionIds().length;
    standIn.setFault({ mode: "slow", ms: 700 });
    const started = Date.now();
    try {
      assert.deepEqual(await startCardPayment(store, impatient, order, SETTING, now), { kind: "unavailable" });
      assert.ok(Date.now() - started < 650, "the shop answered before Stripe did");
      const kept = (await store.getOrder(order.id))!;
      assert.deepEqual([kept.payment, kept.cardSession], ["awaiting", null]);
      await eventually(() => assert.equal(standIn.sessionIds().length, before + 1, "Stripe finished making the page"));
    } finally {
      standIn.setFault({ mode: "none" });
    }
    const retried = await startCardPayment(store, stripe, (await store.getOrder(order.id))!, SETTING, now);
    assert.equal(retried.kind, "pay");
    assert.equal(standIn.sessionIds().length, before + 1, "the retry replayed the slow attempt's page (its idempotency key)");
    assert.equal((await store.getOrder(order.id))!.cardSession, standIn.sessionIds().at(-1));
  });

  test("a card order cancelled while its page is open: the page is closed at Stripe, and its expiry then changes nothing", async () => {
    const order = await placeByCard(2);
    const session = await pageOf(order);
    const open = (await store.getOrder(order.id))!;
    const cancelled = await store.takeOrderStep(order.id, {
      step: "cancel",
      expectedRevision: open.revision,
      by: "admin@example.com",
      note: "",
      email: stepEmail("cancel"),
    });
    assert.deepEqual([cancelled.fulfilment, cancelled.payment], ["cancelled", "voided"]);
    assert.equal((await store.getStock([lamp.id])).get(lamp.id), 5, "the stock it held is back");
    await closeCardSession(cancelled, stripe);
    assert.equal((await stripe.checkout.sessions.retrieve(session)).status, "expired");
    const pay = await fetch(`${standIn.url}/c/pay/${session}/pay`, { method: "POST", redirect: "manual" });
    assert.notEqual(pay.status, 303, "Stripe's page no longer takes a payment");
    const outcome = await applyCardEvent(store, eventOf("checkout.session.expired", session));
    assert.equal(outcome.kind, "ignored");
    assert.equal((await store.getStock([lamp.id])).get(lamp.id), 5, "nothing given back twice");
  });

  /** The stand-in's refund.updated saying `refundId` succeeded, once it made it (about 200 ms after the refund). */
  async function refundSettled(refundId: string): Promise<Stripe.Event> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const made = standIn
        .events()
        .find((event) => event.type === "refund.updated" && (event.data.object as { id: string; status: string }).id === refundId);
      if (made) return asDelivered(stripe, made, SECRET);
      assert.ok(Date.now() < deadline, `no refund.updated for ${refundId}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  test("a refund asked of Stripe counts once Stripe says it succeeded: partly refunded, then refunded; the key asks once", async () => {
    const order = await placeByCard(2);
    const session = await pageOf(order);
    await press(session, "pay");
    await applyCardEvent(store, eventOf("checkout.session.completed", session));
    const paid = (await store.getOrder(order.id))!;
    const first = await refundCardPayment(stripe, paid, 1000, "desk-form-key-0001");
    const replay = await refundCardPayment(stripe, paid, 1000, "desk-form-key-0001");
    assert.ok(first.ok && replay.ok && first.id === replay.id, "the same form's key makes one refund");
    await store.takeOrderStep(order.id, {
      step: "refund_by_card",
      expectedRevision: paid.revision,
      by: "admin@example.com",
      note: "$10.00",
      email: stepEmail("refund_by_card"),
      refund: { id: first.id, amountCents: 1000 },
    });
    assert.equal((await applyCardEvent(store, await refundSettled(first.id))).kind, "applied");
    assert.equal((await store.getOrder(order.id))!.payment, "partially_refunded");
    const rest = await refundCardPayment(stripe, (await store.getOrder(order.id))!, order.totalCents - 1000, "desk-form-key-0002");
    assert.ok(rest.ok);
    // Stripe's word before the desk recorded it (the webhook can win that race): recorded as Stripe says.
    assert.equal((await applyCardEvent(store, await refundSettled(rest.id))).kind, "applied");
    const refunded = (await store.getOrder(order.id))!;
    assert.equal(refunded.payment, "refunded");
    assert.deepEqual(
      refunded.cardRefunds.map((refund) => refund.status),
      ["succeeded", "succeeded"],
    );
    const over = await refundCardPayment(stripe, refunded, 1, "desk-form-key-0003");
    assert.equal(over.ok, false, "Stripe refuses a refund past what was paid");
  });

  test("money Stripe took that the order does not record (another session's payment, a cancelled order's) is one error line; a genuine payment none", async () => {
    const order = await placeByCard(1);
    const session = await pageOf(order);
    await press(session, "pay");
    const paid = eventOf("checkout.session.completed", session);
    const elsewhere = {
      ...paid,
      id: "evt_elsewhere",
      data: { object: { ...paid.data.object, id: "cs_test_another_page" } },
    } as unknown as Stripe.Event;
    const captured = captureLogLines();
    try {
      assert.equal((await applyCardEvent(store, elsewhere)).kind, "ignored");
      assert.deepEqual(
        captured.lines.map((line) => [line.level, line.kind, line.orderId]),
        [["error", "payments.paid_past_order", order.id]],
      );
      captured.lines.length = 0;
      assert.equal((await applyCardEvent(store, paid)).kind, "applied");
      assert.deepEqual(
        captured.lines.filter((line) => line.level !== "info"),
        [],
        "the genuine payment logs no problem",
      );
    } finally {
      captured.restore();
    }
  });
});
