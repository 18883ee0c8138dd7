import assert from "node:assert/strict";
import { createServer } from "node:http";
import { after, before, describe, it } from "node:test";
import Stripe from "stripe";
import { startStripeStandIn, type StripeStandIn } from "../scripts/stripe-stand-in.mjs";

// The Stripe stand-in (scripts/stripe-stand-in.mjs), driven through the
// official stripe SDK pointed at it, as the shop drives Stripe; its webhooks
// land on a small receiver here and are checked with the SDK's own
// signature verification.

const SECRET = "whsec_stand_in_test_secret";
const KEY = "sk_test_stand_in";

interface Delivery {
  body: string;
  signature: string;
  contentType: string;
  status: number;
  event: Stripe.Event;
}

/** A webhook receiver: keeps every delivery; answers 500 to objects it is told to fail (once, or always), else 200. */
async function startReceiver() {
  const deliveries: Delivery[] = [];
  const failOnce = new Set<string>();
  const failAlways = new Set<string>();
  const failed = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const event = JSON.parse(body) as Stripe.Event;
      const objectId = (event.data.object as { id: string }).id;
      const fail = failAlways.has(objectId) || (failOnce.has(objectId) && !failed.has(event.id));
      if (fail) failed.add(event.id);
      const status = fail ? 500 : 200;
      deliveries.push({
        body,
        signature: String(request.headers["stripe-signature"]),
        contentType: String(request.headers["content-type"]),
        status,
        event,
      });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("The receiver has no port");
  return {
    url: `http://127.0.0.1:${address.port}/webhooks/stripe`,
    deliveries,
    failOnce,
    failAlways,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Polls `find` until it answers something truthy; fails after `timeoutMs`. */
async function waitFor<T>(what: string, find: () => T | undefined | null | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sdk = (port: number, key = KEY) =>
  new Stripe(key, { host: "127.0.0.1", port, protocol: "http", telemetry: false, maxNetworkRetries: 0 });

const objectId = (event: Stripe.Event) => (event.data.object as { id: string }).id;

/** A one-line session: `amount` cents of a lamp. */
const lampSession = (stripe: Stripe, amount = 2000, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  stripe.checkout.sessions.create({
    mode: "payment",
    success_url: "https://shop.test/checkout/done?session={CHECKOUT_SESSION_ID}",
    cancel_url: "https://shop.test/cart",
    customer_email: "ada@example.com",
    line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: amount, product_data: { name: "Lamp" } } }],
    ...extra,
  });

describe("the Stripe stand-in, through the stripe SDK", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let standIn: StripeStandIn;
  let stripe: Stripe;

  before(async () => {
    receiver = await startReceiver();
    standIn = await startStripeStandIn({ port: 0, webhookUrl: receiver.url, webhookSecret: SECRET });
    stripe = sdk(standIn.port);
  });
  after(async () => {
    await standIn.close();
    await receiver.close();
  });

  /** The deliveries of `type` about object `id`, once there are `count` answered 200. */
  const delivered = (type: string, id: string, count = 1) =>
    waitFor(`${count} × ${type} for ${id}`, () => {
      const found = receiver.deliveries.filter((d) => d.event.type === type && objectId(d.event) === id && d.status === 200);
      return found.length >= count && found;
    });

  /** Pays a session on its hosted page as a browser posts the form. */
  const pay = (session: Stripe.Checkout.Session, action = "pay", form: Record<string, string> = {}) =>
    fetch(`${session.url}/${action}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });

  const paidSession = async (amount = 2000) => {
    const session = await lampSession(stripe, amount);
    assert.equal((await pay(session)).status, 303);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    assert.equal(typeof paid.payment_intent, "string");
    return paid.payment_intent as string;
  };

  it("prices a session as Stripe does: lines, a coupon, shipping", async () => {
    const coupon = await stripe.coupons.create({ amount_off: 500, currency: "usd", duration: "once", name: "Spring" });
    assert.equal(coupon.object, "coupon");
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      success_url: "https://shop.test/done?session={CHECKOUT_SESSION_ID}",
      cancel_url: "https://shop.test/cart",
      customer_email: "ada@example.com",
      client_reference_id: "order-17",
      metadata: { order_id: "abc", "note & more": "a=b&c[0]", "0": "a numeric key" },
      line_items: [
        { quantity: 2, price_data: { currency: "USD", unit_amount: 1250, product_data: { name: "Lamp" } } },
        { quantity: 1, price_data: { currency: "usd", unit_amount: 300, product_data: { name: "Bulb" } } },
      ],
      discounts: [{ coupon: coupon.id }],
      shipping_options: [
        { shipping_rate_data: { display_name: "Post", type: "fixed_amount", fixed_amount: { amount: 450, currency: "usd" } } },
      ],
    });
    assert.match(session.id, /^cs_test_\w+$/);
    assert.equal(session.object, "checkout.session");
    assert.equal(session.url, `${standIn.url}/c/pay/${session.id}`);
    assert.equal(session.currency, "usd");
    assert.equal(session.amount_subtotal, 2800);
    assert.deepEqual(session.total_details, { amount_discount: 500, amount_shipping: 450, amount_tax: 0 });
    assert.equal(session.amount_total, 2750);
    assert.equal(session.shipping_cost?.amount_total, 450);
    assert.deepEqual(session.metadata, { order_id: "abc", "note & more": "a=b&c[0]", "0": "a numeric key" });
    assert.equal(session.client_reference_id, "order-17");
    assert.deepEqual(
      [session.status, session.payment_status, session.payment_intent, session.customer_details, session.livemode],
      ["open", "unpaid", null, null, false],
    );
    assert.equal(session.expires_at - session.created, 24 * 60 * 60);

    assert.deepEqual({ ...(await stripe.checkout.sessions.retrieve(session.id)) }, { ...session });
    const { line_items: expandedLines, ...again } = await stripe.checkout.sessions.retrieve(session.id, { expand: ["line_items"] });
    assert.deepEqual(again, { ...session });
    assert.deepEqual(
      expandedLines?.data.map((line) => line.description),
      ["Lamp", "Bulb"],
    );
    const lines = await stripe.checkout.sessions.listLineItems(session.id);
    assert.equal(lines.object, "list");
    assert.equal(lines.has_more, false);
    assert.deepEqual(
      lines.data.map((line) => [line.object, line.description, line.quantity, line.price?.unit_amount, line.currency]),
      [
        ["item", "Lamp", 2, 1250, "usd"],
        ["item", "Bulb", 1, 300, "usd"],
      ],
    );
    assert.equal(
      lines.data.reduce((sum, line) => sum + line.amount_total, 0),
      2800 - 500,
      "the coupon is shared among the lines",
    );
  });

  it("replays an idempotent request and refuses its key with other params", async () => {
    const params = {
      mode: "payment" as const,
      success_url: "https://shop.test/ok",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 700, product_data: { name: "Mug" } } }],
    };
    const created = await stripe.checkout.sessions.create(params, { idempotencyKey: "order-42" });
    const replayed = await stripe.checkout.sessions.create(params, { idempotencyKey: "order-42" });
    assert.equal(replayed.id, created.id);
    assert.equal(created.lastResponse.headers["idempotent-replayed"], undefined);
    assert.equal(replayed.lastResponse.headers["idempotent-replayed"], "true");
    assert.equal(replayed.lastResponse.headers["idempotency-key"], "order-42");
    await stripe.checkout.sessions.expire(created.id);
    const later = await stripe.checkout.sessions.create(params, { idempotencyKey: "order-42" });
    assert.deepEqual([later.id, later.status], [created.id, "open"], "a replay answers what the first request answered");
    await assert.rejects(
      stripe.checkout.sessions.create({ ...params, client_reference_id: "other" }, { idempotencyKey: "order-42" }),
      (error) => error instanceof Stripe.errors.StripeIdempotencyError && /same parameters/.test(error.message) && error.statusCode === 400,
    );
    // Without a key the SDK makes one per request (stripe-node-retry-…): two requests, two sessions.
    const one = await stripe.checkout.sessions.create(params);
    const two = await stripe.checkout.sessions.create(params);
    assert.notEqual(one.id, two.id);
    assert.match(String(one.lastResponse.headers["idempotency-key"]), /^stripe-node-retry-/);
  });

  it("answers Stripe's errors: missing and bad params, unknown ids, bad and live keys", async () => {
    const base = {
      mode: "payment" as const,
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 100, product_data: { name: "Pen" } } }],
    };
    await assert.rejects(stripe.checkout.sessions.create(base), (error) => {
      assert.ok(error instanceof Stripe.errors.StripeInvalidRequestError);
      assert.deepEqual([error.statusCode, error.code, error.param], [400, "parameter_missing", "success_url"]);
      assert.match(String(error.requestId), /^req_/);
      return true;
    });
    await assert.rejects(
      stripe.checkout.sessions.create({ ...base, success_url: "https://shop.test/ok", expires_at: Math.floor(Date.now() / 1000) + 600 }),
      (error) => error instanceof Stripe.errors.StripeInvalidRequestError && error.param === "expires_at",
    );
    await assert.rejects(
      stripe.checkout.sessions.create({
        ...base,
        success_url: "https://shop.test/ok",
        line_items: [...base.line_items, { quantity: 0, price_data: { currency: "usd", unit_amount: 100, product_data: { name: "Ink" } } }],
      }),
      (error) => error instanceof Stripe.errors.StripeInvalidRequestError && error.param === "line_items[1][quantity]",
    );
    await assert.rejects(stripe.checkout.sessions.retrieve("cs_test_nope"), (error) => {
      assert.ok(error instanceof Stripe.errors.StripeInvalidRequestError);
      assert.deepEqual([error.statusCode, error.code], [404, "resource_missing"]);
      assert.match(error.message, /No such checkout\.session: 'cs_test_nope'/);
      return true;
    });
    await assert.rejects(
      sdk(standIn.port, "pk_test_not_a_secret").checkout.sessions.retrieve("cs_test_x"),
      (error) => error instanceof Stripe.errors.StripeAuthenticationError && /Invalid API Key provided/.test(error.message),
    );
    await assert.rejects(
      sdk(standIn.port, "sk_live_123456789").checkout.sessions.retrieve("cs_test_x"),
      (error) => error instanceof Stripe.errors.StripeAuthenticationError && /test keys only/.test(error.message),
    );
    const unauthenticated = await fetch(`${standIn.url}/v1/events`);
    assert.equal(unauthenticated.status, 401);
    assert.equal(((await unauthenticated.json()) as { error: { type: string } }).error.type, "invalid_request_error");
  });

  it("shows the hosted page as the stand-in's, every value escaped", async () => {
    const session = await lampSession(stripe, 1250, {
      line_items: [{ quantity: 2, price_data: { currency: "usd", unit_amount: 1250, product_data: { name: "<b>Lamp</b>" } } }],
    });
    const response = await fetch(session.url!);
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /<html lang="en">/);
    assert.match(html, /<meta name="viewport"/);
    assert.match(html, /<h1>Stripe stand-in: test payment<\/h1>/);
    assert.match(html, /It is not Stripe; no money moves\./);
    assert.ok(html.includes("&lt;b&gt;Lamp&lt;/b&gt;"));
    assert.ok(!html.includes("<b>Lamp</b>"));
    assert.ok(html.includes("Pay $25.00 USD"));
    assert.ok(html.includes('<label for="email">Email</label>'));
    assert.ok(html.includes('<a href="https://shop.test/cart">Back to the shop</a>'));
    assert.equal((await fetch(`${standIn.url}/c/pay/cs_test_nope`)).status, 404);
  });

  it("asks the shopper for an email when the session has none", async () => {
    const session = await lampSession(stripe, 800, { customer_email: undefined });
    const html = await (await fetch(session.url!)).text();
    assert.match(html, /<input id="email" name="email" type="email" autocomplete="email" required value="">/);
    const refused = await pay(session, "pay", { email: "not an address" });
    assert.equal(refused.status, 400);
    assert.match(await refused.text(), /role="alert"[^>]*>Enter a valid email address\./);
    assert.equal((await pay(session, "pay", { email: "grace@example.com" })).status, 303);
    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
    assert.equal(paid.customer_details?.email, "grace@example.com");
    assert.equal((paid.payment_intent as Stripe.PaymentIntent).status, "succeeded");
  });

  it("pays on the hosted page: 303 to success_url, the session paid, a signed checkout.session.completed", async () => {
    const session = await lampSession(stripe, 2000, {
      metadata: { order_id: "o-1" },
      payment_intent_data: { metadata: { order_id: "o-1" } },
    });
    const response = await pay(session);
    assert.equal(response.status, 303);
    assert.equal(response.headers.get("location"), `https://shop.test/checkout/done?session=${session.id}`);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    assert.deepEqual([paid.status, paid.payment_status, paid.url], ["complete", "paid", null]);
    assert.equal(paid.customer_details?.email, "ada@example.com");
    const intent = await stripe.paymentIntents.retrieve(paid.payment_intent as string);
    assert.deepEqual([intent.object, intent.status, intent.amount, intent.amount_received], ["payment_intent", "succeeded", 2000, 2000]);
    assert.match(String(intent.latest_charge), /^ch_/);
    assert.deepEqual(intent.metadata, { order_id: "o-1" });

    const [delivery] = await delivered("checkout.session.completed", session.id);
    assert.equal(delivery.contentType, "application/json; charset=utf-8");
    const event = stripe.webhooks.constructEvent(delivery.body, delivery.signature, SECRET);
    assert.match(event.id, /^evt_/);
    assert.equal(event.api_version, Stripe.API_VERSION);
    assert.deepEqual([event.livemode, event.pending_webhooks, event.request], [false, 1, { id: null, idempotency_key: null }]);
    const completed = event.data.object as Stripe.Checkout.Session;
    assert.deepEqual([completed.id, completed.payment_status, completed.metadata], [session.id, "paid", { order_id: "o-1" }]);
    const tampered = delivery.body.replace('"paid"', '"pain"');
    assert.equal(tampered.length, delivery.body.length);
    assert.throws(
      () => stripe.webhooks.constructEvent(tampered, delivery.signature, SECRET),
      Stripe.errors.StripeSignatureVerificationError,
    );
    assert.throws(
      () => stripe.webhooks.constructEvent(delivery.body, delivery.signature, "whsec_another"),
      Stripe.errors.StripeSignatureVerificationError,
    );
    assert.equal((await pay(session)).status, 409, "a paid session's forms are refused");
  });

  it("keeps a session open after a declined card, with no event", async () => {
    const session = await lampSession(stripe);
    const response = await pay(session, "decline");
    assert.equal(response.status, 200);
    assert.match(await response.text(), /<p role="alert" class="alert">Your card was declined\.<\/p>/);
    assert.equal((await stripe.checkout.sessions.retrieve(session.id)).status, "open");
    assert.deepEqual(
      standIn.events().filter((event) => objectId(event) === session.id),
      [],
    );
  });

  it("expires a session by the API once; the page then says so", async () => {
    const session = await lampSession(stripe);
    const expired = await stripe.checkout.sessions.expire(session.id);
    assert.deepEqual([expired.status, expired.url], ["expired", null]);
    const [delivery] = await delivered("checkout.session.expired", session.id);
    assert.equal(delivery.event.request?.id, expired.lastResponse.requestId, "the event names the request that caused it");
    await assert.rejects(
      stripe.checkout.sessions.expire(session.id),
      (error) =>
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.statusCode === 400 &&
        error.message === 'Only Checkout Sessions with a status in ["open"] can be expired.',
    );
    const page = await fetch(session.url!);
    assert.equal(page.status, 410);
    assert.match(await page.text(), /href="https:\/\/shop\.test\/cart"/);
    assert.equal((await pay(session)).status, 409);
  });

  it("refunds in parts: pending, then refund.updated and charge.refunded, until all is refunded", async () => {
    const intent = await paidSession(2000);
    const part = await stripe.refunds.create({ payment_intent: intent, amount: 500, reason: "requested_by_customer" });
    assert.match(part.id, /^re_/);
    assert.deepEqual([part.object, part.status, part.amount, part.payment_intent], ["refund", "pending", 500, intent]);
    const [updated] = await delivered("refund.updated", part.id);
    assert.equal((updated.event.data.object as Stripe.Refund).status, "succeeded");
    const charge = part.charge as string;
    const [first] = await delivered("charge.refunded", charge);
    const refundedOnce = first.event.data.object as Stripe.Charge;
    assert.deepEqual([refundedOnce.amount_refunded, refundedOnce.refunded], [500, false]);
    assert.equal((await stripe.refunds.retrieve(part.id)).status, "succeeded");

    await assert.rejects(
      stripe.refunds.create({ payment_intent: intent, amount: 1600 }),
      (error) =>
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.param === "amount" &&
        error.message === "Refund amount ($16.00) is greater than unrefunded amount on charge ($15.00)",
    );
    const rest = await stripe.refunds.create({ payment_intent: intent });
    assert.equal(rest.amount, 1500);
    const [, second] = await delivered("charge.refunded", charge, 2);
    const refundedAll = second.event.data.object as Stripe.Charge;
    assert.deepEqual([refundedAll.amount_refunded, refundedAll.refunded], [2000, true]);
    assert.equal(refundedAll.refunds, undefined, "as on Stripe since 2022-11-15, a charge lists its refunds only when expanded");
    const withRefunds = await stripe.charges.retrieve(charge, { expand: ["refunds"] });
    assert.deepEqual(
      withRefunds.refunds?.data.map((refund) => [refund.id, refund.amount, refund.status]),
      [
        [rest.id, 1500, "succeeded"],
        [part.id, 500, "succeeded"],
      ],
    );
    await assert.rejects(
      stripe.refunds.create({ payment_intent: intent, amount: 1 }),
      (error) => error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "charge_already_refunded",
    );
    await assert.rejects(
      stripe.refunds.create({ payment_intent: "pi_nope" }),
      (error) => error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing",
    );
  });

  it("fails a refund asked to fail: refund.updated with status failed, the amount refundable again", async () => {
    const intent = await paidSession(1200);
    const failing = await stripe.refunds.create({ payment_intent: intent, metadata: { stand_in_outcome: "fail" } });
    const [updated] = await delivered("refund.updated", failing.id);
    const failed = updated.event.data.object as Stripe.Refund;
    assert.deepEqual([failed.status, failed.failure_reason], ["failed", "expired_or_canceled_card"]);
    const again = await stripe.refunds.create({ payment_intent: intent });
    assert.equal(again.amount, 1200);
    await delivered("charge.refunded", again.charge as string);
    assert.equal(
      standIn.events().filter((event) => event.type === "charge.refunded" && objectId(event) === again.charge).length,
      1,
      "only the refund that succeeded refunded the charge",
    );
  });

  it("completes a bank debit unpaid, then settles it: failed, or succeeded", async () => {
    const failing = await lampSession(stripe);
    assert.equal((await pay(failing, "pay-later")).status, 303);
    const pending = await stripe.checkout.sessions.retrieve(failing.id);
    assert.deepEqual([pending.status, pending.payment_status], ["complete", "unpaid"]);
    await delivered("checkout.session.completed", failing.id);
    await stripe.rawRequest("POST", `/_stand-in/checkout/sessions/${failing.id}/settle`, { outcome: "failed" });
    const [failedEvent] = await delivered("checkout.session.async_payment_failed", failing.id);
    assert.equal((failedEvent.event.data.object as Stripe.Checkout.Session).payment_status, "unpaid");

    const settling = await lampSession(stripe);
    await pay(settling, "pay-later");
    await stripe.rawRequest("POST", `/_stand-in/checkout/sessions/${settling.id}/settle`, { outcome: "succeeded" });
    await delivered("checkout.session.async_payment_succeeded", settling.id);
    const settled = await stripe.checkout.sessions.retrieve(settling.id);
    assert.equal(settled.payment_status, "paid");
    assert.equal((await stripe.paymentIntents.retrieve(settled.payment_intent as string)).status, "succeeded");
    await assert.rejects(
      stripe.rawRequest("POST", `/_stand-in/checkout/sessions/${settling.id}/settle`, { outcome: "failed" }),
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it("holds events back, then releases them newest first", async () => {
    assert.deepEqual(await stripe.rawRequest("POST", "/_stand-in/hold", { on: "true" }), { holding: true });
    const sessions = [await lampSession(stripe), await lampSession(stripe), await lampSession(stripe)];
    for (const session of sessions) await stripe.checkout.sessions.expire(session.id);
    const held = standIn.events().filter((event) => sessions.some((session) => session.id === objectId(event)));
    assert.equal(held.length, 3);
    assert.ok(
      held.every((event) => event.attempts.length === 0),
      "held events are not sent",
    );
    assert.deepEqual(await stripe.rawRequest("POST", "/_stand-in/release", { order: "reverse" }), { released: 3 });
    const arrived = await waitFor("the released events", () => {
      const found = receiver.deliveries.filter((d) => held.some((event) => event.id === d.event.id));
      return found.length === 3 && found;
    });
    assert.deepEqual(
      arrived.map((d) => d.event.id),
      held.map((event) => event.id).reverse(),
    );
  });

  it("resends an event: a duplicate with the same id", async () => {
    const session = await lampSession(stripe);
    await stripe.checkout.sessions.expire(session.id);
    const [delivery] = await delivered("checkout.session.expired", session.id);
    assert.deepEqual(await stripe.rawRequest("POST", `/_stand-in/events/${delivery.event.id}/resend`, {}), { delivered: 200 });
    const both = receiver.deliveries.filter((d) => d.event.id === delivery.event.id);
    assert.equal(both.length, 2);
    for (const copy of both) assert.equal(stripe.webhooks.constructEvent(copy.body, copy.signature, SECRET).id, delivery.event.id);
  });

  it("retries a delivery the receiver answered 500", async () => {
    const session = await lampSession(stripe);
    receiver.failOnce.add(session.id);
    await stripe.checkout.sessions.expire(session.id);
    const [delivery] = await delivered("checkout.session.expired", session.id);
    const tries = receiver.deliveries.filter((d) => d.event.id === delivery.event.id);
    assert.deepEqual(
      tries.map((d) => d.status),
      [500, 200],
    );
    // The stand-in records an attempt once it has read the answer, a moment after the receiver recorded it.
    const kept = await waitFor("the stand-in's record of both attempts", () => {
      const event = standIn.events().find((candidate) => candidate.id === delivery.event.id);
      return event && event.attempts.length === 2 && event;
    });
    assert.deepEqual(
      kept.attempts.map((attempt) => attempt.status),
      [500, 200],
    );
  });

  it("lists events newest first, by type, and retrieves one", async () => {
    const listed = await stripe.events.list({ type: "checkout.session.expired", limit: 2 });
    assert.equal(listed.data.length, 2);
    assert.equal(listed.has_more, true);
    assert.ok(listed.data.every((event) => event.type === "checkout.session.expired"));
    assert.ok(listed.data[0].created >= listed.data[1].created);
    const newest = standIn
      .events()
      .filter((event) => event.type === "checkout.session.expired")
      .at(-1);
    assert.equal(listed.data[0].id, newest?.id);
    assert.equal((await stripe.events.retrieve(listed.data[1].id)).id, listed.data[1].id);
    const wildcard = await stripe.events.list({ type: "checkout.session.*", limit: 100 });
    assert.ok(wildcard.data.some((event) => event.type === "checkout.session.completed"));
  });

  it("plays down (503 api_error) and slow, by the control endpoint or in-process", async () => {
    const session = await lampSession(stripe);
    standIn.setFault({ mode: "down" });
    try {
      await assert.rejects(
        stripe.checkout.sessions.retrieve(session.id),
        (error) =>
          error instanceof Stripe.errors.StripeAPIError && error.statusCode === 503 && error.message === "The stand-in is set to be down.",
      );
      assert.deepEqual(await stripe.rawRequest("POST", "/_stand-in/fault", { mode: "slow", ms: "300" }), { mode: "slow", ms: 300 });
      const started = Date.now();
      assert.equal((await stripe.checkout.sessions.retrieve(session.id)).id, session.id);
      assert.ok(Date.now() - started >= 290, "a slow stand-in waits before it answers");
    } finally {
      standIn.setFault({ mode: "none" });
    }
    assert.equal((await stripe.checkout.sessions.retrieve(session.id)).status, "open");
  });
});

describe("the Stripe stand-in, by itself", () => {
  it("expires a session at its expires_at, on its own clock", async () => {
    let shift = 0;
    const standIn = await startStripeStandIn({ port: 0, now: () => Date.now() + shift });
    try {
      const stripe = sdk(standIn.port);
      const created = Math.floor(Date.now() / 1000);
      const session = await lampSession(stripe, 900, { expires_at: created + 31 * 60 });
      assert.equal(session.expires_at, created + 31 * 60);
      shift = 32 * 60 * 1000;
      const event = await waitFor("checkout.session.expired", () =>
        standIn.events().find((e) => e.type === "checkout.session.expired" && objectId(e) === session.id),
      );
      assert.deepEqual(event.attempts, [], "without a webhook URL, events are kept, not sent");
      assert.equal((await stripe.checkout.sessions.retrieve(session.id)).status, "expired");
    } finally {
      await standIn.close();
    }
  });

  it("gives up a delivery after its retries, with one log line", async () => {
    const receiver = await startReceiver();
    const lines: string[] = [];
    const standIn = await startStripeStandIn({
      port: 0,
      webhookUrl: receiver.url,
      webhookSecret: SECRET,
      retryDelaysMs: [10, 20],
      log: (line) => lines.push(line),
    });
    try {
      const stripe = sdk(standIn.port);
      const session = await lampSession(stripe);
      receiver.failAlways.add(session.id);
      await stripe.checkout.sessions.expire(session.id);
      await waitFor("the log line", () => lines.length > 0);
      const [event] = standIn.events();
      assert.deepEqual(
        event.attempts.map((attempt) => attempt.status),
        [500, 500, 500],
      );
      assert.equal(lines.length, 1);
      assert.match(
        lines[0],
        /^\[stripe stand-in\] gave up delivering evt_\w+ \(checkout\.session\.expired\) .* after 3 attempts; the last: HTTP 500$/,
      );
    } finally {
      await standIn.close();
      await receiver.close();
    }
  });

  it("refuses a webhook URL without a whsec_ secret", async () => {
    await assert.rejects(startStripeStandIn({ port: 0, webhookUrl: "http://127.0.0.1:9/hook" }), /whsec_/);
  });
});
