// The project's Stripe stand-in: a plain Node http server on 127.0.0.1 that
// speaks the part of Stripe's REST API the shop uses, in Stripe's wire
// format, so the official `stripe` SDK can be pointed at it:
//   new Stripe("sk_test_…", { host: "127.0.0.1", port, protocol: "http" })
// It is not Stripe: nothing leaves the machine and no money moves. It takes
// test keys only (Authorization: Bearer sk_test_… or rk_test_…; a live key
// is refused).
//
//   It is for the tests, which start it in-process (startStripeStandIn), and
//   for npm run start:local (the shop's STRIPE_API_URL points the SDK at it);
//   alone: node scripts/stripe-stand-in.mjs (STRIPE_STAND_IN_PORT, default
//   12111; events are POSTed to STRIPE_WEBHOOK_URL, signed with
//   STRIPE_WEBHOOK_SECRET, whsec_…).
//
// Stripe's API (scripts/stripe-stand-in/api.mjs): form-encoded requests
// with bracket nesting, Stripe's error shape and statuses, Request-Id on
// every answer, Idempotency-Key replays, expand[] of a session's line_items
// and payment_intent and a charge's refunds:
//   POST /v1/checkout/sessions                 GET /v1/checkout/sessions/<id>
//   GET  /v1/checkout/sessions/<id>/line_items POST /v1/checkout/sessions/<id>/expire
//   POST /v1/coupons      GET /v1/coupons/<id>       POST /v1/refunds
//   GET  /v1/refunds/<id> GET /v1/payment_intents/<id> GET /v1/charges/<id>
//   GET  /v1/shipping_rates/<id>  GET /v1/events  GET /v1/events/<id>
// The hosted payment page (stripe-stand-in/pages.mjs): GET /c/pay/<id>, no
// key needed. Events and their signed webhook deliveries, with retries:
// stripe-stand-in/webhooks.mjs.
//
// The stand-in's own controls, for tests (the same API key as /v1; not
// Stripe's API):
//   POST /_stand-in/events/<id>/resend          one more delivery, now: { delivered: <status> }
//   POST /_stand-in/hold            on=true|false  keep new events back (false: deliver them)
//   POST /_stand-in/release         order=created|reverse  deliver the held events
//   POST /_stand-in/checkout/sessions/<id>/settle  outcome=succeeded|failed  a bank debit settles
//   POST /_stand-in/fault           mode=none|down|slow, ms  down: every /v1 request is 503;
//                                                  slow: every /v1 request is received, then answered ms late
// Every line it logs starts with "[stripe stand-in]".
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import Stripe from "stripe";
import { createIdempotency, route } from "./stripe-stand-in/api.mjs";
import { expireDue } from "./stripe-stand-in/checkout.mjs";
import { StripeError, decodeForm, integer, oneOf } from "./stripe-stand-in/form.mjs";
import { randomId, readBody, sendJson } from "./stripe-stand-in/http.mjs";
import { hostedPage } from "./stripe-stand-in/pages.mjs";
import { Webhooks } from "./stripe-stand-in/webhooks.mjs";

const HOST = "127.0.0.1";
/** The API version the stand-in's events carry: the one the installed SDK is pinned to. */
const API_VERSION = Stripe.API_VERSION;
/** How often open sessions are checked for their expires_at. */
const SWEEP_MS = 1000;

/** Every line the stand-in logs starts with "[stripe stand-in]". */
const PREFIX = "[stripe stand-in]";

/**
 * Starts the stand-in; resolves once it listens (port 0: a free port) with
 * { port, url, close(), events(), sessionIds(), setFault(fault) }. Events go to
 * `webhookUrl`, signed with `webhookSecret`; without a URL they are only
 * kept. `publicUrl` (default: url) is the base of the hosted pages' URLs.
 * Test hooks: `now()` is the stand-in's clock in ms (default Date.now),
 * `retryDelaysMs` the waits between delivery attempts, `log(line)` where
 * its log lines go (default: stderr).
 */
export async function startStripeStandIn({
  port = 12111,
  host = HOST,
  webhookUrl,
  webhookSecret,
  publicUrl,
  now = Date.now,
  retryDelaysMs,
  log = console.error,
} = {}) {
  const say = (line) => log(`${PREFIX} ${line}`);
  if (webhookUrl && !webhookSecret?.startsWith("whsec_"))
    throw new Error("The Stripe stand-in needs a webhook secret (whsec_…) to sign what it sends to the webhook URL.");
  const webhooks = new Webhooks({ url: webhookUrl, secret: webhookSecret, apiVersion: API_VERSION, now, log: say, retryDelaysMs });
  const timers = new Set();
  const world = {
    now,
    publicUrl: undefined,
    sessions: new Map(),
    coupons: new Map(),
    shippingRates: new Map(),
    paymentIntents: new Map(),
    charges: new Map(),
    refunds: new Map(),
    webhooks,
    fault: { mode: "none", ms: 0 },
    emit: (type, object, options) => webhooks.emit(type, object, options),
    /** Runs `task` after `ms`, unless the stand-in closes first. */
    later(ms, task) {
      const timer = setTimeout(() => (timers.delete(timer), task()), ms);
      timers.add(timer);
    },
    setFault: (fault) => (world.fault = checkFault(fault)),
  };
  const idempotency = createIdempotency(now);
  const server = createServer((request, response) => {
    answer(world, idempotency, request, response).catch((error) => {
      say(`failed to answer ${request.method} ${request.url}: ${error.stack ?? error}`);
      if (!response.headersSent)
        sendJson(response, 500, new StripeError(500, "api_error", `The stand-in failed: ${error.message}`).toBody());
      else response.destroy();
    });
  });
  const bound = await listen(server, port, host);
  const url = `http://${host}:${bound}`;
  world.publicUrl = (publicUrl ?? url).replace(/\/+$/, "");
  const sweep = setInterval(() => expireDue(world), SWEEP_MS);
  sweep.unref();
  return {
    port: bound,
    url,
    events: () => webhooks.records(),
    sessionIds: () => [...world.sessions.keys()],
    setFault: (fault) => void world.setFault(fault),
    close() {
      clearInterval(sweep);
      for (const timer of timers) clearTimeout(timer);
      webhooks.close();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** A fault setting, checked: mode none|down|slow; ms (for slow) a whole number of milliseconds, 1000 when not given. */
function checkFault({ mode, ms } = {}) {
  const checked = oneOf(mode, "mode", ["none", "down", "slow"], { required: true });
  const wait = typeof ms === "number" ? ms : (integer(ms, "ms") ?? 1000);
  if (!Number.isInteger(wait) || wait < 0)
    throw new StripeError(400, "invalid_request_error", "ms must be a whole number ≥ 0.", { param: "ms" });
  return { mode: checked, ms: checked === "slow" ? wait : 0 };
}

function listen(server, port, host) {
  return new Promise((resolvePort, reject) => {
    const onError = (error) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(
              `The Stripe stand-in cannot listen on ${host}:${port}: it is in use (another start:local?). Set STRIPE_STAND_IN_PORT.`,
            )
          : error,
      );
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolvePort(server.address().port);
    });
  });
}

/**
 * The API key of Authorization: Bearer <key> (or Basic, the key as user, as
 * curl -u sends it). Stripe's 401 without one or with one it does not take;
 * the stand-in takes any test secret or restricted key (sk_test_…,
 * rk_test_…) and refuses live ones.
 */
function apiKeyOf(request) {
  const header = request.headers.authorization ?? "";
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
  const key = bearer ?? (basic ? Buffer.from(basic, "base64").toString("utf8").split(":")[0] : undefined);
  const refuse = (message) => new StripeError(401, "invalid_request_error", message);
  if (!key)
    throw refuse(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  if (/^(sk|rk)_live_/.test(key))
    throw refuse(
      "The Stripe stand-in takes test keys only (sk_test_…, rk_test_…); it refuses live keys (sk_live_…, rk_live_…). It is not Stripe.",
    );
  if (!/^(sk|rk)_test_\w+$/.test(key))
    // Stripe masks a long key but for its first 8 and last 4 characters.
    throw refuse(`Invalid API Key provided: ${key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}` : key}`);
  return key;
}

/** One request: the hosted page, or the API (/v1) and the controls (/_stand-in) with Stripe's headers and errors. */
async function answer(world, idempotency, request, response) {
  const requestId = randomId("req_", 14);
  response.setHeader("Request-Id", requestId);
  const url = new URL(request.url ?? "/", "http://stand-in");
  expireDue(world);
  if (url.pathname.startsWith("/c/pay/")) return hostedPage(world, request, response, url.pathname);
  const method = request.method ?? "GET";
  const headers = { "Stripe-Version": request.headers["stripe-version"] ?? API_VERSION };
  const key = method === "POST" ? request.headers["idempotency-key"] : undefined;
  if (key) headers["Idempotency-Key"] = key;
  try {
    const api = url.pathname.startsWith("/v1/");
    // The request is received whole first: a slow Stripe goes on to do what was asked after a client that gave up has gone.
    const body = await readBody(request);
    if (api && world.fault.mode === "down") throw new StripeError(503, "api_error", "The stand-in is set to be down.");
    if (api && world.fault.mode === "slow") await new Promise((resolve) => setTimeout(resolve, world.fault.ms));
    const apiKey = apiKeyOf(request);
    if (body === null) throw new StripeError(413, "invalid_request_error", "The request is too large.");
    const { handler, ids } = route(method, url.pathname);
    const params = decodeForm(method === "POST" ? body : url.search.slice(1));
    const asked = { method, path: url.pathname, body };
    // The /v1 handlers run to their end without waiting, so a key's first answer is kept before a second request with it is read.
    const replay = api && key ? idempotency.replay(apiKey, key, asked) : undefined;
    if (replay) return sendJson(response, replay.status, replay.answer, { ...headers, "Idempotent-Replayed": "true" });
    let status = 200;
    let answered;
    try {
      answered = await handler(world, { params, request: { id: requestId, idempotencyKey: key ?? null } }, ids);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      [status, answered] = [error.status, error.toBody()];
    }
    if (api && key) idempotency.keep(apiKey, key, asked, status, answered);
    sendJson(response, status, answered, headers);
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    sendJson(response, error.status, error.toBody(), headers);
  }
}

/** The port from the environment: a number, or the default when unset or empty. */
function standInPort(value, fallback) {
  if (value === undefined || value.trim() === "") return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`STRIPE_STAND_IN_PORT must be 0..65535, not "${value}"`);
  return port;
}

async function main() {
  const webhookUrl = process.env.STRIPE_WEBHOOK_URL || undefined;
  const standIn = await startStripeStandIn({
    port: standInPort(process.env.STRIPE_STAND_IN_PORT, 12111),
    webhookUrl,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || undefined,
  });
  const where = webhookUrl ? `events go to ${webhookUrl}` : "events are kept, not delivered (no STRIPE_WEBHOOK_URL)";
  console.log(`${PREFIX} The Stripe stand-in (not Stripe; test keys only) listens at ${standIn.url}; ${where}. Ctrl-C stops.`);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void standIn.close().then(() => process.exit(0)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(`${PREFIX} ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
