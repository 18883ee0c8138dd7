import assert from "node:assert/strict";
import { createHash, randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { after, afterEach, before, beforeEach, describe, it } from "node:test";
import { initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { setUpServerEnv } from "./helpers/server-env";
import { defaultBill, product } from "./helpers/fixtures";
import { drainOutbox, failureVerdict, MAX_ATTEMPTS, PERMANENT_LIMIT, RETRY_DELAYS_MS, type DrainOptions } from "@/lib/email/drain-outbox";
import { createSmtpTransport } from "@/lib/email/transport";
import type { OutboxEmail } from "@/lib/data/contract/outbox";
import type { Store } from "@/lib/data/contract/store";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { createFirestoreStore } from "@/lib/data/firestore/store";
import { captureLogLines } from "@/lib/log/sink";

// Sending the outbox (lib/email/drain-outbox.ts) through a real SMTP server
// (smtp-server, on a free port of 127.0.0.1), on a real store: the SQLite
// store, and the Firestore store on the emulator (FIRESTORE_EMULATOR_HOST,
// as npm run test:unit sets it). The server answers by recipient: a
// "busy-…" address gets 451 (try later), an "unknown-…" one 550 (no such
// mailbox), every other is accepted, parsed with mailparser and kept.

const dir = setUpServerEnv("email-drain-");
const FROM = "Storefront test <orders@shop.example.com>";
const CRON_SECRET = "cron-secret-".padEnd(40, "x");
process.env.CRON_SECRET = CRON_SECRET;
process.env.MAIL_FROM = FROM;
// Not on Google Cloud: firebase-admin would otherwise ask the metadata server, and warn (scripts/lib/local-env.mjs does the same).
process.env.METADATA_SERVER_DETECTION = "none";

interface Received {
  messageId: string | undefined;
  from: string;
  to: string;
  subject: string;
  text: string;
}

const received: Received[] = [];
/** Recipients the server answers 451 while they are in here. */
const busy = new Set<string>();

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["AUTH", "STARTTLS"],
  logger: false,
  onRcptTo(address, _session, callback) {
    const to = address.address.toLowerCase();
    if (busy.has(to)) return callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
    if (to.startsWith("unknown-")) return callback(Object.assign(new Error("No such mailbox here"), { responseCode: 550 }));
    callback();
  },
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
        received.push({
          messageId: mail.messageId,
          from: mail.from?.text ?? "",
          to: to?.text ?? "",
          subject: mail.subject ?? "",
          text: mail.text ?? "",
        });
        callback();
      })
      .catch(callback);
  },
});
let smtpUrl = "";

before(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as { port: number };
  smtpUrl = `smtp://127.0.0.1:${port}`;
  // Read once, at the cron route's first serverEnv(): after the server is up.
  process.env.SMTP_URL = smtpUrl;
});
after(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

let orders = 0;

/** Places a guest's order for `email` on `store`: its confirmation is written to the outbox. Returns that outbox email. */
async function placeOrderFor(store: Store, email: string): Promise<OutboxEmail> {
  orders += 1;
  const item = product(`drain-${orders}-${randomUUID().slice(0, 8)}`, Date.now() - 60_000);
  await store.upsertProducts([item]);
  const owner = `guest:${randomUUID()}` as const;
  await store.addToLine(owner, item.id, 1);
  const { order } = await store.placeOrder({
    owner,
    uid: null,
    idempotencyKey: randomUUID(),
    paymentMethod: "pay_on_delivery",
    lines: [{ productId: item.id, unitPriceCents: item.priceCents, quantity: 1 }],
    ...defaultBill([{ productId: item.id, unitPriceCents: item.priceCents, quantity: 1 }]),
    contact: { email, name: "Ada Lovelace", phone: "" },
    address: { country: "US", line1: "12 Main Street", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
    guestTokenHash: createHash("sha256").update(randomUUID()).digest("hex"),
    confirmation: (order) => ({
      to: email,
      subject: `Your order ${order.reference}`,
      text: `Thank you for your order ${order.reference}.\nhttps://shop.example.com/orders-page/${order.id}`,
    }),
  });
  const emails = await store.listOrderEmails(order.id);
  assert.equal(emails.length, 1, "the confirmation is in the outbox");
  return emails[0];
}

async function emailOf(store: Store, email: OutboxEmail): Promise<OutboxEmail> {
  assert.ok(email.orderId, `outbox email ${email.id} is an order's`);
  const found = (await store.listOrderEmails(email.orderId)).find((entry) => entry.id === email.id);
  assert.ok(found, `outbox email ${email.id} is still listed`);
  return found;
}

const receivedFor = (to: string) => received.filter((mail) => mail.to === to);
const address = (local: string) => `${local}-${randomUUID().slice(0, 8)}@example.com`;

/** The drain's tests on one store; `openSecond` opens another instance on the same database, as another server process would. */
function drainSuite(name: string, open: () => Promise<Store>, openSecond: (first: Store) => Promise<Store>) {
  describe(`drainOutbox on ${name}`, () => {
    let store: Store;
    /** The drains' clock: each test sets it once its emails are written (due at once), then moves it. */
    let clock = 0;
    let captured: ReturnType<typeof captureLogLines>;
    const options = (): DrainOptions => ({ transport: createSmtpTransport(smtpUrl), from: FROM, now: () => clock });
    /** The outbox's own lines of one level, since the test began. */
    const logged = (level: "warn" | "error") =>
      captured.lines.filter((line) => line.level === level && String(line.kind).startsWith("email."));

    before(async () => {
      store = await open();
    });
    after(async () => {
      await store.close();
    });
    beforeEach(() => {
      captured = captureLogLines();
    });
    afterEach(() => captured.restore());

    it("sends a pending email once, with its fixed Message-ID, From MAIL_FROM, and marks it sent", async () => {
      const to = address("ada");
      const email = await placeOrderFor(store, to);
      clock = Date.now();
      assert.equal(email.state, "pending");
      assert.deepEqual(await drainOutbox(store, options()), { sent: 1, retried: 0, failed: 0 });
      const [mail, ...more] = receivedFor(to);
      assert.equal(more.length, 0);
      assert.equal(mail.messageId, email.messageId);
      assert.match(mail.from, /orders@shop\.example\.com/);
      assert.equal(mail.subject, email.subject);
      assert.match(mail.subject, /^Your order [A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      assert.equal(mail.text.trim(), email.text.trim());
      const sent = await emailOf(store, email);
      assert.equal(sent.state, "sent");
      assert.equal(sent.attempts, 1);
      clock += 24 * 3_600_000;
      assert.deepEqual(await drainOutbox(store, options()), { sent: 0, retried: 0, failed: 0 }, "a sent email is never claimed again");
      assert.equal(receivedFor(to).length, 1);
      assert.deepEqual(logged("warn").concat(logged("error")), []);
    });

    it("retries a 451 (try later) after a minute, and sends it once the server takes it", async () => {
      const to = address("busy");
      busy.add(to);
      const email = await placeOrderFor(store, to);
      const start = (clock = Date.now());
      assert.deepEqual(await drainOutbox(store, options()), { sent: 0, retried: 1, failed: 0 });
      const waiting = await emailOf(store, email);
      assert.equal(waiting.state, "pending");
      assert.equal(waiting.attempts, 1);
      assert.equal(waiting.dueAt, start + RETRY_DELAYS_MS[0]);
      assert.match(waiting.lastError ?? "", /451/);
      assert.doesNotMatch(waiting.lastError ?? "", /permanent/);
      assert.equal(logged("warn").length, 1);
      assert.deepEqual([logged("warn")[0].kind, logged("warn")[0].outboxId], ["email.retry_scheduled", email.id]);
      assert.deepEqual(logged("error"), [], "a transient failure is no error line");

      clock = start + RETRY_DELAYS_MS[0] - 1;
      assert.deepEqual(await drainOutbox(store, options()), { sent: 0, retried: 0, failed: 0 }, "not before its retry time");
      busy.delete(to);
      clock = start + RETRY_DELAYS_MS[0];
      assert.deepEqual(await drainOutbox(store, options()), { sent: 1, retried: 0, failed: 0 });
      assert.equal(receivedFor(to).length, 1);
      assert.equal((await emailOf(store, email)).state, "sent");
    });

    it(`gives up on a 550 (no such mailbox) after ${PERMANENT_LIMIT} permanent failures in a row, saying so once as an error`, async () => {
      const to = address("unknown");
      const email = await placeOrderFor(store, to);
      clock = Date.now();
      for (let failure = 1; failure < PERMANENT_LIMIT; failure++) {
        assert.deepEqual(await drainOutbox(store, options()), { sent: 0, retried: 1, failed: 0 });
        const waiting = await emailOf(store, email);
        assert.equal(waiting.state, "pending");
        assert.match(waiting.lastError ?? "", new RegExp(`^permanent failure ${failure} of ${PERMANENT_LIMIT}: .*550`));
        clock = waiting.dueAt;
      }
      assert.deepEqual(await drainOutbox(store, options()), { sent: 0, retried: 0, failed: 1 });
      const failed = await emailOf(store, email);
      assert.equal(failed.state, "failed");
      assert.equal(failed.attempts, PERMANENT_LIMIT);
      assert.match(failed.lastError ?? "", new RegExp(`^permanent failure ${PERMANENT_LIMIT} of ${PERMANENT_LIMIT}: .*550`));
      assert.equal(logged("error").length, 1);
      assert.deepEqual([logged("error")[0].kind, logged("error")[0].outboxId], ["email.given_up", email.id]);
      assert.doesNotMatch(JSON.stringify(captured.lines), /@example\.com/, "the refused address is not in the log");
      assert.equal(logged("warn").length, PERMANENT_LIMIT - 1);
      clock += 30 * 24 * 3_600_000;
      assert.deepEqual(await drainOutbox(store, options()), { sent: 0, retried: 0, failed: 0 }, "a failed email is never claimed again");
      assert.equal(receivedFor(to).length, 0);
    });

    it("retries when the server cannot be reached", async () => {
      const to = address("nobody-listening");
      const email = await placeOrderFor(store, to);
      clock = Date.now();
      const closedPort = await freePort();
      const unreachable = { ...options(), transport: createSmtpTransport(`smtp://127.0.0.1:${closedPort}`) };
      assert.deepEqual(await drainOutbox(store, unreachable), { sent: 0, retried: 1, failed: 0 });
      const waiting = await emailOf(store, email);
      assert.equal(waiting.state, "pending");
      assert.match(waiting.lastError ?? "", /ECONNECTION|ECONNREFUSED/);
      clock = waiting.dueAt;
      assert.deepEqual(await drainOutbox(store, options()), { sent: 1, retried: 0, failed: 0 });
    });

    it("two drains at once, on two instances, send each email once", async () => {
      const second = await openSecond(store);
      try {
        const addresses = [address("race-a"), address("race-b"), address("race-c"), address("race-d")];
        for (const to of addresses) await placeOrderFor(store, to);
        clock = Date.now();
        // One email per claim, so the two drains interleave claim by claim.
        const one = { ...options(), batchSize: 1 };
        const [a, b] = await Promise.all([drainOutbox(store, one), drainOutbox(second, one)]);
        assert.equal(a.sent + b.sent, addresses.length);
        assert.equal(a.retried + b.retried + a.failed + b.failed, 0);
        for (const to of addresses) assert.equal(receivedFor(to).length, 1, `${to} got one email`);
      } finally {
        await second.close();
      }
    });
  });
}

/** A port nothing listens on (bound, then closed). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// --- SQLite: a real file, a second connection as the second instance.
let sqliteFiles = 0;
const pathOf = new WeakMap<Store, string>();
drainSuite(
  "SQLite",
  async () => {
    const path = join(dir, `drain-${++sqliteFiles}.db`);
    const store = openSqliteStore(path);
    pathOf.set(store, path);
    return store;
  },
  async (first) => openSqliteStore(pathOf.get(first)!),
);

// --- Firestore on the emulator: each suite its own demo project, a second firebase-admin app as the second instance.
const emulator = process.env.FIRESTORE_EMULATOR_HOST;
if (!emulator) {
  // A failure, not a skip (as the store contract): the production backend must be proven too.
  it("drainOutbox on Firestore needs the emulator", () => {
    throw new Error(
      "FIRESTORE_EMULATOR_HOST is not set: run `npm run test:unit`, which starts the Firestore emulator itself, or start one and set it",
    );
  });
} else {
  const projectId = `demo-drain-${Date.now().toString(36)}`;
  let apps = 0;
  const storeOn = () => createFirestoreStore(getFirestore(initializeApp({ projectId }, `drain-${++apps}`)));
  drainSuite(
    "Firestore",
    async () => storeOn(),
    async () => storeOn(),
  );
}

describe("failureVerdict: when a failed send is tried again", () => {
  const at = 1_000_000;
  const reply = (responseCode: number, code = "EENVELOPE") =>
    Object.assign(new Error(`${responseCode} refused`), { responseCode, code, response: `${responseCode} refused` });

  it("backs off 1 min, 5 min, 30 min, 2 h, then 12 h, and gives up after the last attempt", () => {
    const delays = [];
    for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts++)
      delays.push(failureVerdict({ attempts, lastError: null }, reply(451), at).retryAt! - at);
    assert.deepEqual(delays, [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000, 43_200_000, 43_200_000]);
    assert.equal(failureVerdict({ attempts: MAX_ATTEMPTS, lastError: null }, reply(451), at).retryAt, null);
  });

  it("counts only permanent failures in a row: a transient one between starts the count again", () => {
    const first = failureVerdict({ attempts: 1, lastError: null }, reply(550), at);
    const second = failureVerdict({ attempts: 2, lastError: first.lastError }, reply(550), at);
    assert.match(second.lastError, /^permanent failure 2 of 3: /);
    const transient = failureVerdict({ attempts: 3, lastError: second.lastError }, reply(421), at);
    assert.notEqual(transient.retryAt, null);
    const again = failureVerdict({ attempts: 4, lastError: transient.lastError }, reply(550), at);
    assert.match(again.lastError, /^permanent failure 1 of 3: /);
  });

  it("treats refused credentials (535) as the shop's problem to fix, not the email's: retried", () => {
    const verdict = failureVerdict({ attempts: 1, lastError: "permanent failure 2 of 3: x" }, reply(535, "EAUTH"), at);
    assert.equal(verdict.retryAt, at + 60_000);
    assert.doesNotMatch(verdict.lastError, /permanent/);
  });
});

describe("GET /api/cron/outbox (its answer; the route makes it per request: tests/e2e/abuse.spec.ts)", () => {
  let answerCronOutbox: (request: Request) => Promise<Response>;
  before(async () => {
    const captured = captureLogLines();
    after(() => captured.restore());
    ({ answerCronOutbox } = await import("@/lib/email/cron-outbox"));
  });
  const call = (authorization?: string) =>
    answerCronOutbox(new Request("https://shop.example.com/api/cron/outbox", { headers: authorization ? { authorization } : {} }));

  it("refuses a call without the secret, or with a wrong one, sending nothing", async () => {
    const { getStore } = await import("@/lib/data");
    const to = address("cron-refused");
    await placeOrderFor(await getStore(), to);
    for (const authorization of [
      undefined,
      "Bearer wrong",
      `Bearer ${CRON_SECRET}x`,
      `Bearer ${CRON_SECRET.slice(0, -1)}y`,
      CRON_SECRET,
      `Basic ${CRON_SECRET}`,
    ]) {
      const response = await call(authorization);
      assert.equal(response.status, 401, `refused: ${authorization}`);
      assert.equal(response.headers.get("cache-control"), "private, no-store");
    }
    assert.equal(receivedFor(to).length, 0);
  });

  it("drains the shop's outbox through SMTP_URL with Vercel Cron's secret", async () => {
    const { getStore } = await import("@/lib/data");
    const to = address("cron");
    const email = await placeOrderFor(await getStore(), to);
    const response = await call(`Bearer ${CRON_SECRET}`);
    assert.equal(response.status, 200);
    const counts = (await response.json()) as { sent: number };
    assert.ok(counts.sent >= 1, `sent ${JSON.stringify(counts)}`);
    assert.equal(receivedFor(to).length, 1);
    assert.equal(receivedFor(to)[0].messageId, email.messageId);
  });
});
