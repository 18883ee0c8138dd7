import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { StoreError } from "@/lib/data/contract/errors";
import { createGuard } from "@/lib/data/firestore/guard";

// The guard's promise: "unavailable" means nothing was written. A write that
// has claimed its deadline is waited for; one that asks after the deadline
// is refused. Deadlines of 50 ms keep these fast and exact enough.
const DEADLINE_MS = 50;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    return `value ${String(await call)}`;
  } catch (error) {
    return error instanceof StoreError ? error.code : `untyped ${String(error)}`;
  }
}

describe("guard: deadlines and writes", () => {
  it("answers unavailable at the deadline and fires the body's signal", async () => {
    const guard = createGuard(DEADLINE_MS);
    let signalled = false;
    let bodyEnded = false;
    const result = await outcome(
      guard(async (deadline) => {
        deadline.signal.addEventListener("abort", () => (signalled = true));
        await pause(DEADLINE_MS * 20);
        bodyEnded = true;
        return "late";
      }),
    );
    assert.equal(result, "unavailable");
    assert.equal(bodyEnded, false, "answered at the deadline, not when the body ended");
    assert.equal(signalled, true);
  });

  it("refuses a write claimed after the deadline passed, so the caller's 'unavailable' stays true", async () => {
    const guard = createGuard(DEADLINE_MS);
    let claimedLate!: (claimed: boolean) => void;
    const lateClaim = new Promise<boolean>((resolve) => (claimedLate = resolve));
    const result = await outcome(
      guard(async (deadline) => {
        await pause(DEADLINE_MS * 2);
        claimedLate(deadline.claim());
        return "written";
      }),
    );
    assert.equal(result, "unavailable");
    assert.equal(await lateClaim, false);
  });

  it("waits for a write claimed before the deadline and gives its result, not 'unavailable'", async () => {
    const guard = createGuard(DEADLINE_MS);
    const result = await outcome(
      guard(async (deadline) => {
        assert.equal(deadline.claim(), true);
        await pause(DEADLINE_MS * 1.5); // the commit outlives the deadline
        deadline.release(true);
        return "committed";
      }),
    );
    assert.equal(result, "value committed");
  });

  it("answers unavailable as soon as a claimed write is released uncommitted after the deadline", async () => {
    const guard = createGuard(DEADLINE_MS);
    let claimAgain: boolean | undefined;
    let bodyEnded = false;
    const result = await outcome(
      guard(async (deadline) => {
        deadline.claim();
        await pause(DEADLINE_MS * 1.5);
        deadline.release(false); // a transaction about to rerun: nothing was written
        claimAgain = deadline.claim();
        await pause(DEADLINE_MS * 20);
        bodyEnded = true;
        return "too late";
      }),
    );
    assert.equal(result, "unavailable");
    assert.equal(claimAgain, false, "the rerun may not write");
    // Whether the body had ended when the answer came, not a wall-clock bound: a loaded machine runs timers late.
    assert.equal(bodyEnded, false, "answered at the release, not when the body ended");
  });

  it("gives up on a claimed write that never settles after one more deadline", async () => {
    const guard = createGuard(DEADLINE_MS);
    const started = Date.now();
    let bodyEnded = false;
    const result = await outcome(
      guard(async (deadline) => {
        deadline.claim();
        await pause(DEADLINE_MS * 40);
        bodyEnded = true;
        return "hung";
      }),
    );
    const ms = Date.now() - started;
    assert.equal(result, "unavailable");
    // Not before two deadlines (timers never fire early), and before the body ends: no wall-clock ceiling, which load would break.
    assert.ok(ms >= DEADLINE_MS * 2 - 5, `gave up after ${ms} ms`);
    assert.equal(bodyEnded, false, "gave up without waiting for the write");
  });
});
