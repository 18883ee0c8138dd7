import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { keyedBatches, type Outcome } from "@/lib/data/firestore/keyed-batches";

/** A runner that records its batches and finishes each one when told to. */
function recordingRunner() {
  const batches: Array<{ key: string; requests: number[] }> = [];
  const finishers: Array<() => void> = [];
  let running = 0;
  let maxRunningPerKey = 0;
  const runningByKey = new Map<string, number>();
  const run = (key: string, requests: number[]) =>
    new Promise<Outcome<string>[]>((resolve) => {
      batches.push({ key, requests });
      running += 1;
      runningByKey.set(key, (runningByKey.get(key) ?? 0) + 1);
      maxRunningPerKey = Math.max(maxRunningPerKey, runningByKey.get(key)!);
      finishers.push(() => {
        running -= 1;
        runningByKey.set(key, runningByKey.get(key)! - 1);
        resolve(requests.map((r) => (r < 0 ? { ok: false, error: new Error(`refused ${r}`) } : { ok: true, value: `${key}:${r}` })));
      });
    });
  return { run, batches, finishers, running: () => running, maxRunningPerKey: () => maxRunningPerKey };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("keyedBatches (group commit per key)", () => {
  it("runs the first call at once and the calls that waited behind it as one batch, in order", async () => {
    const runner = recordingRunner();
    const submit = keyedBatches(runner.run);
    const results = [1, 2, 3, 4].map((n) => submit("line", n));
    await tick();
    assert.deepEqual(runner.batches, [{ key: "line", requests: [1] }]);
    runner.finishers.shift()!();
    await tick();
    assert.deepEqual(runner.batches[1], { key: "line", requests: [2, 3, 4] });
    runner.finishers.shift()!();
    assert.deepEqual(await Promise.all(results), ["line:1", "line:2", "line:3", "line:4"]);
    assert.equal(runner.maxRunningPerKey(), 1, "one batch at a time per key");
  });

  it("drops a waiting call whose caller gave up (its signal fired): it never runs, the others do", async () => {
    const runner = recordingRunner();
    const submit = keyedBatches(runner.run);
    const first = submit("line", 1);
    const gaveUp = new AbortController();
    const dropped = submit("line", 2, gaveUp.signal).then(
      () => "ran",
      (error: Error) => error.message,
    );
    const kept = submit("line", 3);
    await tick();
    gaveUp.abort(new Error("the caller's deadline passed"));
    runner.finishers.shift()!();
    await tick();
    assert.deepEqual(runner.batches[1], { key: "line", requests: [3] }, "the dropped call is not in the next batch");
    runner.finishers.shift()!();
    assert.equal(await first, "line:1");
    assert.equal(await kept, "line:3");
    assert.equal(await dropped, "the caller's deadline passed");
    assert.equal(runner.batches.length, 2);
  });

  it("runs different keys side by side", async () => {
    const runner = recordingRunner();
    const submit = keyedBatches(runner.run);
    const a = submit("a", 1);
    const b = submit("b", 1);
    await tick();
    assert.equal(runner.running(), 2);
    runner.finishers.splice(0).forEach((finish) => finish());
    assert.deepEqual(await Promise.all([a, b]), ["a:1", "b:1"]);
  });

  it("gives each call its own outcome: one refusal does not fail its batch mates", async () => {
    const runner = recordingRunner();
    const submit = keyedBatches(runner.run);
    const first = submit("k", 1);
    const rest = [submit("k", 2), submit("k", -3), submit("k", 4)];
    await tick();
    runner.finishers.shift()!();
    await tick();
    runner.finishers.shift()!();
    const settled = await Promise.allSettled([first, ...rest]);
    assert.deepEqual(
      settled.map((s) => (s.status === "fulfilled" ? s.value : (s.reason as Error).message)),
      ["k:1", "k:2", "refused -3", "k:4"],
    );
  });

  it("fails every call of a batch whose runner throws, and keeps serving the key after", async () => {
    let calls = 0;
    const submit = keyedBatches<number, number>(async (_key, requests) => {
      calls += 1;
      if (calls === 1) throw new Error("backend down");
      return requests.map((r) => ({ ok: true, value: r * 10 }));
    });
    const failed = await Promise.allSettled([submit("k", 1)]);
    assert.equal(failed[0].status, "rejected");
    assert.equal(((failed[0] as PromiseRejectedResult).reason as Error).message, "backend down");
    assert.equal(await submit("k", 2), 20);
  });
});
