import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { keyedBatches, keyedTurns, type Outcome } from "@/lib/data/firestore/keyed-batches";

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

describe("keyedTurns (one job at a time per key)", () => {
  /** A job that records when it runs and finishes when told to. */
  function jobs() {
    const running = new Set<string>();
    const order: string[] = [];
    const finishers = new Map<string, () => void>();
    const job = (name: string) => () =>
      new Promise<string>((resolve) => {
        running.add(name);
        order.push(name);
        finishers.set(name, () => {
          running.delete(name);
          resolve(name);
        });
      });
    const finish = (name: string) => finishers.get(name)!();
    return { job, running, order, finish };
  }

  it("runs one job at a time per key, in arrival order, and other keys side by side", async () => {
    const { job, running, order, finish } = jobs();
    const inTurn = keyedTurns();
    const results = [inTurn(["cart"], job("set 4")), inTurn(["cart"], job("set 9")), inTurn(["other"], job("other"))];
    await tick();
    assert.deepEqual([...running], ["set 4", "other"]);
    finish("set 4");
    await tick();
    assert.deepEqual([...running], ["other", "set 9"]);
    finish("set 9");
    finish("other");
    assert.deepEqual(await Promise.all(results), ["set 4", "set 9", "other"]);
    assert.deepEqual(order, ["set 4", "other", "set 9"]);
  });

  it("runs a job of two keys once both are free; two such jobs, whatever order they name their keys in, never wait on each other in a circle", async () => {
    const { job, running, finish } = jobs();
    const inTurn = keyedTurns();
    const a = inTurn(["a"], job("a alone"));
    const ab = inTurn(["b", "a"], job("b and a"));
    const ba = inTurn(["a", "b"], job("a and b"));
    await tick();
    assert.deepEqual([...running], ["a alone"], "the two-key jobs wait for a");
    finish("a alone");
    await tick();
    assert.deepEqual([...running], ["b and a"]);
    finish("b and a");
    await tick();
    assert.deepEqual([...running], ["a and b"]);
    finish("a and b");
    assert.deepEqual(await Promise.all([a, ab, ba]), ["a alone", "b and a", "a and b"]);
  });

  it("drops a waiting job whose caller gave up: it never runs, the next one does", async () => {
    const { job, order, finish } = jobs();
    const inTurn = keyedTurns();
    const first = inTurn(["cart"], job("first"));
    const gaveUp = new AbortController();
    const dropped = inTurn(["cart"], job("dropped"), gaveUp.signal).then(
      () => "ran",
      (error: Error) => error.message,
    );
    const kept = inTurn(["cart"], job("kept"));
    await tick();
    gaveUp.abort(new Error("the caller's deadline passed"));
    finish("first");
    await tick();
    finish("kept");
    assert.deepEqual(await Promise.all([first, dropped, kept]), ["first", "the caller's deadline passed", "kept"]);
    assert.deepEqual(order, ["first", "kept"]);
  });

  it("gives a job's failure to its caller alone, and keeps serving the key", async () => {
    const inTurn = keyedTurns();
    const failing = inTurn(["cart"], () => Promise.reject(new Error("backend down")));
    const next = inTurn(["cart"], async () => "next");
    await assert.rejects(failing, /backend down/);
    assert.equal(await next, "next");
  });
});
