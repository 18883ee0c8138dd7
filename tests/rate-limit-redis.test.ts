/**
 * The rate limits shared through Redis (lib/security/rate-limit-store.ts),
 * on a real redis-server (scripts/lib/redis-server.mjs; the unit suite
 * installs it where it can): two instances, each with its own client, share
 * one allowance where memory would give two; with Redis up no count is made
 * in memory and nothing is logged; Redis stopped, or too slow to answer,
 * mid-run: every count still answers at once, in memory, logged once; Redis
 * back: counts go there again, without a restart; an answer this process
 * read late (its event loop held) is not an outage.
 */
import assert from "node:assert/strict";
import { after, before, describe, it, mock } from "node:test";
import { Redis } from "ioredis";
import { log } from "@/lib/log";
import { RATE_LIMITS, rateLimits, type RateLimits } from "@/lib/security/rate-limit";
import { OUTAGE_CONFIRM_MS, REDIS_ANSWER_MS, REDIS_KEY_PREFIX, redisVersion } from "@/lib/security/rate-limit-store";
import { startRedisServer } from "../scripts/lib/redis-server.mjs";

const SIGN_INS = RATE_LIMITS.signIn.points;
let clients = 0;
/** A client key no other test uses. */
const newClient = () => `client-${process.pid}-${(clients += 1)}`;

/** Counts `n` sign-ins of `client` on `limits`; how many were refused. */
async function signIns(limits: RateLimits, client: string, n: number): Promise<number> {
  let refused = 0;
  for (let i = 0; i < n; i += 1) if (await limits.consume("signIn", client)) refused += 1;
  return refused;
}

type LogMock = { mock: { calls: { arguments: unknown[] }[] } };
const lines = (method: LogMock, kind: string) => method.mock.calls.filter((call) => call.arguments[0] === kind).length;
const outages = (warn: LogMock) => lines(warn, "rate_limit.redis_unavailable");

async function until(condition: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Keeps this process's event loop busy for `ms`, as a cold start's module loading does. */
function holdEventLoop(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

/** Resolves once `limits` count in Redis again (its client reconnected), within `ms`. */
async function countsInRedis(redis: Redis, limits: RateLimits, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const probe = newClient();
    await limits.consume("searches", probe);
    if ((await redis.get(`${REDIS_KEY_PREFIX}:searches:${probe}`)) === "1") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the limits did not count in Redis again within ${ms} ms`);
}

describe("rate limits shared through Redis", () => {
  let server: Awaited<ReturnType<typeof startRedisServer>>;
  let redis: Redis;
  const open: RateLimits[] = [];
  const instance = () => {
    const limits = rateLimits({ redisUrl: server.url });
    open.push(limits);
    return limits;
  };

  before(async () => {
    server = await startRedisServer();
    redis = new Redis(server.url);
  });
  after(async () => {
    await Promise.all(open.map((limits) => limits.close()));
    redis.disconnect();
    await server.stop();
  });

  it("gives two instances one allowance, where memory gives each its own; nothing is counted in memory or logged", async () => {
    const warn = mock.method(log, "warn");
    const [a, b] = [instance(), instance()];
    const client = newClient();
    assert.equal(await signIns(a, client, 6), 0);
    assert.equal(await signIns(b, client, 4), 0);
    const refused = await b.consume("signIn", client);
    assert.ok(refused, `the ${SIGN_INS + 1}th sign-in, on the other instance, is refused`);
    assert.match(refused.message, /sign-in attempts/);
    assert.ok(await a.exhausted("signIn", client), "and the first instance sees the allowance used up");
    assert.equal(await redis.get(`${REDIS_KEY_PREFIX}:signIn:${client}`), String(SIGN_INS + 1), "every count is in Redis");
    assert.equal(warn.mock.callCount(), 0, "the normal path logs nothing");
    warn.mock.restore();

    const [m, n] = [rateLimits({}), rateLimits({})];
    const other = newClient();
    assert.equal(await signIns(m, other, SIGN_INS), 0);
    assert.equal(await signIns(n, other, SIGN_INS), 0, "in memory each instance counts alone: the test can tell the two apart");
  });

  it("counts in memory at once while Redis is stopped, logged once, and in Redis again once it is back", async () => {
    const limits = instance();
    await countsInRedis(redis, limits, 2_000);
    const warn = mock.method(log, "warn");
    const info = mock.method(log, "info");
    await server.stop();
    const client = newClient();
    const started = Date.now();
    assert.equal(await signIns(limits, client, SIGN_INS), 0, "the allowance still holds, per instance");
    assert.ok(await limits.consume("signIn", client), "and is still enforced");
    assert.ok(Date.now() - started < 2_000, `${SIGN_INS + 1} counts without Redis took ${Date.now() - started} ms`);
    await until(() => outages(warn) === 1, 1_000, "a stopped Redis is an outage at once");
    assert.equal(outages(warn), 1, "one line for the outage, not one per count");

    server = await startRedisServer({ port: server.port });
    redis.disconnect();
    redis = new Redis(server.url);
    await countsInRedis(redis, limits, 10_000);
    assert.equal(lines(info, "rate_limit.redis_back"), 1, "its return is logged");
    warn.mock.restore();
    info.mock.restore();
  });

  it("does not wait on a Redis that takes longer than its answer time: the count is made in memory, an outage once no probe is answered", async () => {
    const limits = instance();
    await countsInRedis(redis, limits, 2_000);
    const warn = mock.method(log, "warn");
    const info = mock.method(log, "info");
    process.kill(server.pid, "SIGSTOP");
    try {
      const started = Date.now();
      assert.equal(await limits.consume("signIn", newClient()), null);
      const waited = Date.now() - started;
      assert.ok(waited < REDIS_ANSWER_MS + 700, `a count waited ${waited} ms on a Redis that does not answer`);
      await until(() => outages(warn) === 1, OUTAGE_CONFIRM_MS + 1_000, "the hung Redis was logged as an outage");
      assert.equal(lines(info, "rate_limit.redis_late"), 0, "a Redis that hangs is not a late answer");
    } finally {
      process.kill(server.pid, "SIGCONT");
    }
    await countsInRedis(redis, limits, 10_000);
    await until(() => lines(info, "rate_limit.redis_back") === 1, 2_000, "its return is logged");
    assert.equal(outages(warn), 1);
    warn.mock.restore();
    info.mock.restore();
  });

  /**
   * A count whose prompt answer this process reads after its answer time (its
   * loop held once the count is sent), the loop then held `thenMs` more: the
   * count is made in memory, logged late, never as an outage, and the counts
   * go to Redis again.
   */
  async function countReadLate(thenMs: number): Promise<void> {
    const limits = instance();
    await countsInRedis(redis, limits, 2_000);
    const warn = mock.method(log, "warn");
    const info = mock.method(log, "info");
    try {
      const counting = limits.consume("signIn", newClient());
      // Once the count is sent (its promise chain has run) and before the loop reads Redis's prompt answer.
      setImmediate(() => holdEventLoop(REDIS_ANSWER_MS * 2));
      assert.equal(await counting, null, "counted in memory");
      holdEventLoop(thenMs); // the probe sent as it fell to memory stays unread meanwhile
      await until(() => lines(info, "rate_limit.redis_late") === 1, 3_000, "the late answer is logged");
      await countsInRedis(redis, limits, 1_000);
      assert.equal(outages(warn), 0, "no outage is reported");
      assert.equal(lines(info, "rate_limit.redis_back"), 0);
    } finally {
      warn.mock.restore();
      info.mock.restore();
    }
  }

  it("reads an answer this process was too busy to read in time as late, not as an outage: logged at info, back to Redis at once", () =>
    countReadLate(0));

  it("reads a hold longer than the outage window as late too: the deciding probe is sent after it", () =>
    countReadLate(OUTAGE_CONFIRM_MS + 500));

  it("answers the doctor's probe with its version, and a Redis that is not there with an error in time", async () => {
    assert.match(await redisVersion(server.url), /^\d+\.\d+\.\d+$/);
    const gone = await startRedisServer();
    await gone.stop();
    const started = Date.now();
    await assert.rejects(redisVersion(gone.url, 1_000), /ECONNREFUSED|Connection is closed/);
    assert.ok(Date.now() - started < 3_000);
  });
});
