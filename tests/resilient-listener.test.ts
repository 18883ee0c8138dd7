import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { resilientListener } from "@/lib/data/firestore/resilient-listener";

/** A fake Firestore listener source plus a fake clock: every open and every pending reopen is visible. */
function harness() {
  const opened: Array<{ next: (n: number) => void; fail: (e: Error) => void; closed: boolean }> = [];
  const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  const failures: number[] = [];
  const delivered: Array<{ value: number; afterRestart: boolean }> = [];
  const stop = resilientListener<number>(
    "test listener",
    (next, fail) => {
      const listener = { next, fail, closed: false };
      opened.push(listener);
      return () => {
        listener.closed = true;
      };
    },
    (value, { afterRestart }) => delivered.push({ value, afterRestart }),
    {
      onFailure: (_error, retryInMs) => failures.push(retryInMs),
      schedule: (run, ms) => {
        const timer = { run, ms, cancelled: false };
        timers.push(timer);
        return () => {
          timer.cancelled = true;
        };
      },
    },
  );
  const current = () => opened.at(-1)!;
  /** Fires the pending reopen. */
  const elapse = () => {
    const timer = timers.shift()!;
    assert.ok(timer && !timer.cancelled, "a reopen is pending");
    timer.run();
  };
  return { opened, timers, failures, delivered, stop, current, elapse };
}

describe("resilientListener (snapshot listeners come back after an error)", () => {
  it("reopens after an error, waiting 0.5 s, then doubling up to 30 s", () => {
    const h = harness();
    for (let i = 0; i < 9; i++) {
      h.current().fail(new Error("network cut"));
      h.elapse();
    }
    assert.deepEqual(h.failures, [500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    assert.equal(h.opened.length, 10);
    assert.ok(
      h.opened.slice(0, -1).every((l) => l.closed),
      "every failed listener was released",
    );
  });

  it("goes back to 0.5 s after a good snapshot", () => {
    const h = harness();
    h.current().fail(new Error("cut"));
    h.elapse();
    h.current().fail(new Error("cut"));
    h.elapse();
    h.current().next(1);
    h.current().fail(new Error("cut again"));
    assert.deepEqual(h.failures, [500, 1000, 500]);
  });

  it("marks the first snapshot after a reopen, and only that one", () => {
    const h = harness();
    h.current().next(1);
    h.current().fail(new Error("cut"));
    h.elapse();
    h.current().next(2);
    h.current().next(3);
    assert.deepEqual(h.delivered, [
      { value: 1, afterRestart: false },
      { value: 2, afterRestart: true },
      { value: 3, afterRestart: false },
    ]);
  });

  it("ignores a replaced listener's late callbacks", () => {
    const h = harness();
    const old = h.current();
    old.fail(new Error("cut"));
    h.elapse();
    old.next(99);
    old.fail(new Error("late"));
    assert.deepEqual(h.delivered, []);
    assert.equal(h.failures.length, 1);
    assert.equal(h.timers.length, 0, "no second reopen scheduled");
  });

  it("stop() releases the listener, cancels a pending reopen, and nothing is delivered after", () => {
    const h = harness();
    h.current().fail(new Error("cut"));
    h.stop();
    assert.equal(h.timers[0].cancelled, true);
    const again = harness();
    again.stop();
    assert.equal(again.current().closed, true);
    again.current().next(1);
    assert.deepEqual(again.delivered, []);
  });

  it("treats a listener that cannot even open as a failure to retry", () => {
    let attempts = 0;
    const failures: number[] = [];
    const pending: Array<() => void> = [];
    const delivered: number[] = [];
    resilientListener<number>(
      "flaky open",
      (next) => {
        attempts += 1;
        if (attempts === 1) throw new Error("client shutting down");
        next(7);
        return () => {};
      },
      (value) => delivered.push(value),
      { onFailure: (_e, ms) => failures.push(ms), schedule: (run) => (pending.push(run), () => {}) },
    );
    assert.deepEqual(failures, [500]);
    pending.shift()!();
    assert.deepEqual(delivered, [7]);
  });
});
