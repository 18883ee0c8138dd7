// The Stripe stand-in's routes (scripts/stripe-stand-in.mjs): the part of
// Stripe's /v1 API the shop uses, the stand-in's own controls under
// /_stand-in/ (not Stripe's), and Stripe's idempotent requests.
import { createCoupon, createSession, expireSession, sessionRecord } from "./checkout.mjs";
import { StripeError, integer, invalid, list, missingResource, oneOf, text } from "./form.mjs";
import { createRefund, settleSession } from "./payments.mjs";

/** A kept object by id, or 404 resource_missing naming its kind as Stripe does. */
function lookup(map, kind, id) {
  const found = map.get(id);
  if (!found) throw missingResource(kind, id, "id");
  return found;
}

/**
 * Stripe's list object over `items` (in the list's order): `limit` (1..100,
 * default 10) from after `starting_after` or up to before `ending_before`.
 */
function listOf(items, query, url) {
  const limit = integer(query.limit, "limit", { min: 1 }) ?? 10;
  if (limit > 100) throw invalid("This value must be less than or equal to 100.", "limit");
  const after = text(query.starting_after, "starting_after");
  const before = text(query.ending_before, "ending_before");
  const indexOf = (id, param) => {
    const at = items.findIndex((item) => item.id === id);
    if (at < 0) throw invalid(`No such object: '${id}'`, param, "resource_missing");
    return at;
  };
  let data;
  let hasMore;
  if (before !== undefined) {
    const end = indexOf(before, "ending_before");
    data = items.slice(Math.max(0, end - limit), end);
    hasMore = end - limit > 0;
  } else {
    const start = after === undefined ? 0 : indexOf(after, "starting_after") + 1;
    data = items.slice(start, start + limit);
    hasMore = start + limit < items.length;
  }
  return { object: "list", data, has_more: hasMore, url };
}

/** GET /v1/events: newest first; `type` is one type or a pattern ending in `*` ("checkout.session.*"), `types[]` several. */
function listEvents(world, query) {
  const type = text(query.type, "type");
  const types = list(query.types, "types");
  const matches = (eventType) =>
    (type === undefined || (type.endsWith("*") ? eventType.startsWith(type.slice(0, -1)) : eventType === type)) &&
    (types.length === 0 || types.includes(eventType));
  return listOf(
    world.webhooks.newestFirst().filter((event) => matches(event.type)),
    query,
    "/v1/events",
  );
}

/**
 * Stripe's expand[] for the fields a shop expands: a session's line_items
 * (the first 10, as Stripe's expansion lists them) and payment_intent, a
 * charge's refunds (since API version 2022-11-15, not there unless
 * expanded). Other expansions are ignored.
 */
function expanded(world, object, expand) {
  const asked = new Set(list(expand, "expand"));
  const copy = { ...object };
  if (object.object === "checkout.session") {
    const url = `/v1/checkout/sessions/${object.id}/line_items`;
    if (asked.has("line_items")) copy.line_items = listOf(world.sessions.get(object.id).lines, {}, url);
    if (asked.has("payment_intent") && object.payment_intent) copy.payment_intent = world.paymentIntents.get(object.payment_intent);
  }
  if (object.object === "charge" && asked.has("refunds")) {
    const refunds = [...world.refunds.values()].filter((refund) => refund.charge === object.id).reverse();
    copy.refunds = listOf(refunds, { limit: "100" }, `/v1/charges/${object.id}/refunds`);
  }
  return copy;
}

const ID = "([^/]+)";

/** [method, path pattern, handler(world, { params, request }, ids) → the answer's body]. */
const ROUTES = [
  ["POST", "/v1/checkout/sessions", (world, { params }) => createSession(world, params)],
  ["GET", `/v1/checkout/sessions/${ID}`, (world, { params }, [id]) => expanded(world, sessionRecord(world, id).session, params.expand)],
  [
    "GET",
    `/v1/checkout/sessions/${ID}/line_items`,
    (world, { params }, [id]) => listOf(sessionRecord(world, id).lines, params, `/v1/checkout/sessions/${id}/line_items`),
  ],
  ["POST", `/v1/checkout/sessions/${ID}/expire`, (world, { request }, [id]) => expireSession(world, sessionRecord(world, id), request)],
  ["POST", "/v1/coupons", (world, { params }) => createCoupon(world, params)],
  ["GET", `/v1/coupons/${ID}`, (world, _, [id]) => lookup(world.coupons, "coupon", id)],
  ["POST", "/v1/refunds", (world, { params }) => createRefund(world, params)],
  ["GET", `/v1/refunds/${ID}`, (world, _, [id]) => lookup(world.refunds, "refund", id)],
  ["GET", `/v1/payment_intents/${ID}`, (world, _, [id]) => lookup(world.paymentIntents, "payment_intent", id)],
  ["GET", `/v1/charges/${ID}`, (world, { params }, [id]) => expanded(world, lookup(world.charges, "charge", id), params.expand)],
  ["GET", `/v1/shipping_rates/${ID}`, (world, _, [id]) => lookup(world.shippingRates, "shipping_rate", id)],
  ["GET", "/v1/events", (world, { params }) => listEvents(world, params)],
  ["GET", `/v1/events/${ID}`, (world, _, [id]) => world.webhooks.find(id) ?? lookup(new Map(), "event", id)],
  // The stand-in's controls, for tests: not Stripe's API.
  ["POST", `/_stand-in/events/${ID}/resend`, resend],
  ["POST", "/_stand-in/hold", hold],
  [
    "POST",
    "/_stand-in/release",
    (world, { params }) => ({ released: world.webhooks.release(oneOf(params.order, "order", ["created", "reverse"]) === "reverse") }),
  ],
  [
    "POST",
    `/_stand-in/checkout/sessions/${ID}/settle`,
    (world, { params }, [id]) =>
      settleSession(world, sessionRecord(world, id), oneOf(params.outcome, "outcome", ["succeeded", "failed"], { required: true })),
  ],
  ["POST", "/_stand-in/fault", (world, { params }) => world.setFault({ mode: params.mode, ms: params.ms })],
].map(([method, path, handler]) => ({ method, pattern: new RegExp(`^${path}$`), handler }));

/** One more delivery of a kept event, now; answers { delivered: <the receiver's status, or null> } after it. */
async function resend(world, _, [id]) {
  if (!world.webhooks.delivers) throw invalid("The stand-in has no webhook URL to deliver to.", "id");
  if (!world.webhooks.find(id)) throw missingResource("event", id, "id");
  const { status, error } = await world.webhooks.resend(id);
  return error === undefined ? { delivered: status } : { delivered: null, error };
}

/** on=true keeps new events back; on=false stops holding and delivers what was held, oldest first. */
function hold(world, { params }) {
  const on = oneOf(params.on, "on", ["true", "false"], { required: true }) === "true";
  if (on) world.webhooks.hold();
  else if (world.webhooks.holding) world.webhooks.release(false);
  return { holding: world.webhooks.holding };
}

/** The route for method and path: { handler, ids }; Stripe's 404 for a URL it does not know. */
export function route(method, pathname) {
  for (const candidate of ROUTES) {
    const match = candidate.method === method && candidate.pattern.exec(pathname);
    if (match) return { handler: candidate.handler, ids: match.slice(1).map(decodeURIComponent) };
  }
  throw new StripeError(
    404,
    "invalid_request_error",
    `Unrecognized request URL (${method}: ${pathname}). The Stripe stand-in speaks only the part of Stripe's API the shop uses.`,
  );
}

/** How long Stripe keeps an idempotency key. */
const KEEP_KEYS_MS = 24 * 60 * 60 * 1000;

/**
 * Stripe's idempotent requests: per API key, a POST's Idempotency-Key keeps
 * its first answer for 24 hours; the same key with the same path and body
 * replays it, with another path or body it is 400 idempotency_error. As on
 * Stripe, only answers of requests that ran are kept: not a 4xx refusal
 * (nothing happened; the request may be retried as it is).
 */
export function createIdempotency(now) {
  const kept = new Map();
  const forget = () => {
    for (const [key, entry] of kept) {
      if (now() - entry.at < KEEP_KEYS_MS) break;
      kept.delete(key);
    }
  };
  return {
    replay(apiKey, key, { method, path, body }) {
      forget();
      const entry = kept.get(`${apiKey} ${key}`);
      if (!entry) return undefined;
      const again = `Try using a key other than '${key}' if you meant to execute a different request.`;
      if (entry.method !== method || entry.path !== path)
        throw new StripeError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${entry.method} ${entry.path}' vs '${method} ${path}'). ${again}`,
        );
      if (entry.body !== body)
        throw new StripeError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used with the same parameters they were first used with. ${again}`,
        );
      return entry;
    },
    keep(apiKey, key, { method, path, body }, status, answer) {
      if (status >= 400 && status < 500) return;
      // A snapshot: a replay answers what the first request answered, though the object has changed since.
      kept.set(`${apiKey} ${key}`, { method, path, body, status, answer: structuredClone(answer), at: now() });
    },
  };
}
