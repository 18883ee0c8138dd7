/**
 * The memory limiter (lib/security/memory-limiter.ts): a key counted inside
 * a request keeps nothing of that request once the call is answered, where
 * rate-limiter-flexible's own keeps it for the key's window; and it counts
 * as that one does: the allowance, the window's end, a fresh window after
 * it, the expired keys swept at most once a SWEEP_EVERY_MS.
 */
import assert from "node:assert/strict";
import { AsyncLocalStorage } from "node:async_hooks";
import { describe, it } from "node:test";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { ExpiringCounts, MemoryLimiter, SWEEP_EVERY_MS } from "@/lib/security/memory-limiter";

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** Whether a request's store, counted under on `limiter` inside that request, is still alive after a full collection. */
async function keepsTheRequest(limiter: RateLimiterAbstract): Promise<boolean> {
  const requestStore = new AsyncLocalStorage<{ body: number[] }>();
  let kept: WeakRef<object> | undefined;
  await (async () => {
    const store = { body: new Array<number>(10_000).fill(1) };
    kept = new WeakRef(store);
    await requestStore.run(store, () => limiter.consume("client"));
  })();
  for (let i = 0; i < 3; i += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
  }
  return kept?.deref() !== undefined;
}

/** A clock the test moves. */
function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, pass: (ms: number) => (now += ms) };
}

describe("the memory limiter", () => {
  it("keeps nothing of the request a key was counted in, where rate-limiter-flexible's own keeps it for the key's window", async () => {
    const options = { points: 5, duration: 3600 };
    assert.equal(await keepsTheRequest(new MemoryLimiter(options)), false, "the request is collected");
    // Why the class exists: when this fails, rate-limiter-flexible no longer keeps a timer per key and the class can go.
    const stock = new RateLimiterMemory(options);
    assert.equal(await keepsTheRequest(stock), true, "rate-limiter-flexible's own keeps it through the key's timer");
    await stock.delete("client"); // clears that timer
  });

  it("gives the allowance, refuses past it, says when the window ends, and opens a fresh one after it", async () => {
    const time = clock();
    const limiter = new MemoryLimiter({ points: 2, duration: 60 }, time.now);
    const first = await limiter.consume("a");
    assert.equal(first.consumedPoints, 1);
    assert.equal(first.remainingPoints, 1);
    assert.equal(first.msBeforeNext, 60_000);
    time.pass(10_000);
    assert.equal((await limiter.consume("a")).msBeforeNext, 50_000);
    const refused = await limiter.consume("a").then(
      () => null,
      (res: RateLimiterRes) => res,
    );
    assert.ok(refused instanceof RateLimiterRes, "the third within the window is refused");
    assert.equal(refused.consumedPoints, 3);
    assert.equal(refused.msBeforeNext, 50_000);
    assert.equal((await limiter.get("a"))?.consumedPoints, 3);
    assert.equal(await limiter.get("b"), null, "another key is untouched");

    time.pass(50_000);
    assert.equal(await limiter.get("a"), null, "the window has ended");
    assert.equal((await limiter.consume("a")).consumedPoints, 1, "a fresh window");
  });

  it("drops the keys whose window has passed at most once a sweep interval, when a key is set", () => {
    const time = clock();
    const counts = new ExpiringCounts(time.now);
    counts.set("first", 1, 60); // the first set sweeps (nothing) and sets the next sweep a minute on
    counts.set("for a day", 1, 86_400);
    counts.set("without a window", 1, 0);
    time.pass(61_000);
    counts.set("second", 1, 30); // due: "first" has expired
    assert.deepEqual([...counts._storage.keys()].sort(), ["for a day", "second", "without a window"]);
    time.pass(40_000); // "second" has expired; the next sweep is due only SWEEP_EVERY_MS after the last
    assert.ok(40_000 < SWEEP_EVERY_MS);
    counts.set("third", 1, 60);
    assert.ok(counts._storage.has("second"), "not yet due: the expired key waits for the next sweep (or its own read)");
    assert.equal(counts.get("second"), null, "but reads as gone");
    assert.equal(counts.get("without a window")?.msBeforeNext, -1);
  });
});
