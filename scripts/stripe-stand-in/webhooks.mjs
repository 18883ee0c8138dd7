// The Stripe stand-in's events and their webhook delivery
// (scripts/stripe-stand-in.mjs), the way Stripe delivers them:
//   - each event is POSTed to the webhook URL as pretty-printed JSON, signed
//     with Stripe's scheme: Stripe-Signature: t=<unix seconds>,v1=<hex
//     HMAC-SHA256 of "<t>.<body>" keyed with the whsec_ secret>. The
//     timestamp is the real clock's, whatever clock the stand-in's objects
//     run on, since the receiver checks it against its own real clock;
//   - a 2xx answer delivers it; anything else (a redirect too) or no answer
//     is retried after 0.5, 1, 2, 4 and 8 s, then given up with one log line;
//   - events about one object are delivered one after another, in the order
//     they were made; events about different objects go independently;
//   - the stand-in's own controls: hold (keep new events back), release
//     (deliver those held, in order or reversed), resend (one more attempt,
//     a duplicate as Stripe's retries make them).
// Without a webhook URL, events are kept (GET /v1/events) but not delivered.
import { createHmac } from "node:crypto";
import { randomId } from "./http.mjs";

const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000];
/** How long one delivery waits for the receiver's answer. */
const DELIVERY_TIMEOUT_MS = 10_000;

/** Stripe's signature header for `body` at unix second `t`. */
function signatureHeader(body, secret, t = Math.floor(Date.now() / 1000)) {
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

/**
 * The event store and its deliveries. `now()` is the stand-in's clock (ms),
 * for the events' `created`; `log(line)` prints one line.
 */
export class Webhooks {
  /** Every event made, oldest first, each as { event, attempts }. */
  #records = [];
  #byId = new Map();
  /** Per lane (an object's id, or one release): the promise of its deliveries so far, so the next waits for them. */
  #lanes = new Map();
  /** While holding: the events kept back, oldest first; null when not holding. */
  #held = null;
  #releases = 0;
  #closed = false;
  #aborter = new AbortController();
  #sleeps = new Set();

  constructor({ url, secret, apiVersion, now, log, retryDelaysMs = RETRY_DELAYS_MS }) {
    Object.assign(this, { url, secret, apiVersion, now, log, retryDelaysMs });
  }

  /** Whether there is a webhook URL to deliver to. */
  get delivers() {
    return Boolean(this.url);
  }

  get holding() {
    return this.#held !== null;
  }

  /**
   * Makes an event about `object` (a snapshot of it now) and sends it on.
   * `request` is the API request that caused it ({ id, idempotencyKey }),
   * null for what the stand-in did by itself or the shopper did on the page.
   */
  emit(type, object, { request = null, previous } = {}) {
    const event = {
      id: randomId("evt_"),
      object: "event",
      api_version: this.apiVersion,
      created: Math.floor(this.now() / 1000),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: this.url ? 1 : 0,
      request: { id: request?.id ?? null, idempotency_key: request?.idempotencyKey ?? null },
      type,
    };
    const record = { event, attempts: [] };
    this.#records.push(record);
    this.#byId.set(event.id, record);
    if (this.url && this.#held) this.#held.push(record);
    else if (this.url) this.#enqueue(object.id, [record]);
    return event;
  }

  /** Every event, oldest first, with its delivery attempts (not Stripe's field). */
  records() {
    return this.#records.map(({ event, attempts }) => ({ ...structuredClone(event), attempts: attempts.map((a) => ({ ...a })) }));
  }

  /** The events as Stripe lists them: newest first. */
  newestFirst() {
    return this.#records.map((record) => record.event).reverse();
  }

  find(id) {
    return this.#byId.get(id)?.event;
  }

  hold() {
    this.#held ??= [];
  }

  /** Stops holding and delivers what was held, oldest first or (reverse) newest first; says how many. */
  release(reverse = false) {
    const batch = this.#held ?? [];
    this.#held = null;
    if (reverse) batch.reverse();
    this.#enqueue(`release ${++this.#releases}`, batch);
    return batch.length;
  }

  /** One more attempt of a kept event, now: Stripe's manual resend. */
  resend(id) {
    return this.#attempt(this.#byId.get(id));
  }

  close() {
    this.#closed = true;
    this.#aborter.abort();
    for (const entry of this.#sleeps) {
      clearTimeout(entry.timer);
      entry.resolve();
    }
    this.#sleeps.clear();
  }

  /** Delivers `batch` in its order, after whatever `lane` is still delivering. */
  #enqueue(lane, batch) {
    const done = (this.#lanes.get(lane) ?? Promise.resolve()).then(async () => {
      for (const record of batch) await this.#deliver(record);
    });
    this.#lanes.set(lane, done);
    void done.then(() => this.#lanes.get(lane) === done && this.#lanes.delete(lane));
  }

  /** Attempts until a 2xx, waiting between attempts; after the last, logs once that it gave up. */
  async #deliver(record) {
    for (let tries = 0; !this.#closed; tries++) {
      const { status, error } = await this.#attempt(record);
      if (this.#closed || (status >= 200 && status < 300)) return;
      if (tries === this.retryDelaysMs.length) {
        const last = status === null ? `no answer (${error})` : `HTTP ${status}`;
        const { id, type } = record.event;
        this.log(`gave up delivering ${id} (${type}) to ${this.url} after ${tries + 1} attempts; the last: ${last}`);
        return;
      }
      await this.#sleep(this.retryDelaysMs[tries]);
    }
  }

  /** One POST of the event as it is now; records and returns { status } or { status: null, error }. */
  async #attempt(record) {
    const body = JSON.stringify(record.event, null, 2);
    const at = new Date().toISOString();
    try {
      const response = await fetch(this.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks) stand-in",
          "Stripe-Signature": signatureHeader(body, this.secret),
        },
        body,
        redirect: "manual",
        signal: AbortSignal.any([this.#aborter.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      await response.arrayBuffer();
      record.attempts.push({ at, status: response.status });
      if (response.ok) record.event.pending_webhooks = 0;
      return { status: response.status };
    } catch (error) {
      const reason = error.cause?.code ?? error.cause?.message ?? error.message;
      record.attempts.push({ at, status: null, error: reason });
      return { status: null, error: reason };
    }
  }

  /** Waits `ms`, or less when the stand-in closes meanwhile. */
  #sleep(ms) {
    return new Promise((resolve) => {
      const entry = { resolve, timer: setTimeout(() => (this.#sleeps.delete(entry), resolve()), ms) };
      this.#sleeps.add(entry);
    });
  }
}
