/**
 * lib/memory/unlink-run-immediates.ts: a run Immediate no longer keeps the
 * others of its batch, nor the async context (a request's stores) they were
 * made in; callbacks, `this`, arguments, clearImmediate and the promise form
 * behave as Node's own. The first test shows Node's behaviour the patch
 * exists for: when it fails, Node no longer keeps the links, and the patch
 * can go.
 */
import assert from "node:assert/strict";
import { AsyncLocalStorage } from "node:async_hooks";
import { describe, it } from "node:test";
import { promisify } from "node:util";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { unlinkRunImmediates } from "@/lib/memory/unlink-run-immediates";

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

interface Links {
  _idleNext: unknown;
  _idlePrev: unknown;
}

type Timers = { setImmediate: typeof setImmediate; clearImmediate: typeof clearImmediate };

/** Node's own timers, or a patched copy (globalThis is left alone). */
function timersFor(patched: boolean): Timers {
  const timers: Timers = { setImmediate: globalThis.setImmediate, clearImmediate: globalThis.clearImmediate };
  if (patched) assert.equal(unlinkRunImmediates(timers), true);
  return timers;
}

/** Schedules `count` Immediates in one batch and resolves with them once all have run. */
async function runBatch(timers: Timers, count: number): Promise<Links[]> {
  const immediates: Links[] = [];
  await new Promise<void>((done) => {
    for (let i = 0; i < count; i += 1) immediates.push(timers.setImmediate(() => i === count - 1 && done()) as unknown as Links);
  });
  return immediates;
}

describe("run Immediates", () => {
  it("Node's own: a run Immediate still links to the next of its batch", async () => {
    const [first, second] = await runBatch(timersFor(false), 3);
    assert.equal(first._idleNext, second, "Node now unlinks run Immediates: lib/memory/unlink-run-immediates.ts can go");
  });

  it("patched: every Immediate of a run batch is unlinked from the others", async () => {
    const batch = await runBatch(timersFor(true), 3);
    for (const [index, immediate] of batch.entries()) {
      assert.equal(immediate._idlePrev, null, `#${index} _idlePrev`);
      assert.equal(immediate._idleNext, null, `#${index} _idleNext`);
    }
  });

  for (const patched of [false, true]) {
    it(`${patched ? "patched" : "Node's own"}: a run Immediate kept alive ${patched ? "no longer keeps" : "keeps"} the async context of the next one in its batch`, async () => {
      const timers = timersFor(patched);
      const storage = new AsyncLocalStorage<{ payload: number[] }>();
      let kept: Links | null = null;
      let store: WeakRef<object>;
      await new Promise<void>((done) => {
        kept = timers.setImmediate(() => {}) as unknown as Links;
        const context = { payload: new Array<number>(100_000).fill(1) };
        store = new WeakRef(context);
        storage.run(context, () => timers.setImmediate(done));
      });
      await new Promise((resolve) => setTimeout(resolve, 10));
      collectGarbage();
      assert.ok(kept, "the first Immediate is still held");
      assert.equal(store!.deref() === undefined, patched);
    });
  }

  it("patched: callbacks get Node's `this` and their arguments; clearImmediate still cancels; the promise form works", async () => {
    const timers = timersFor(true);
    const seen = await new Promise<{ self: unknown; args: unknown[]; immediate: unknown }>((resolve) => {
      const immediate = timers.setImmediate(
        function (this: unknown, a: number, b: string) {
          resolve({ self: this, args: [a, b], immediate });
        },
        1,
        "two",
      );
    });
    assert.equal(seen.self, seen.immediate);
    assert.deepEqual(seen.args, [1, "two"]);

    let ran = false;
    timers.clearImmediate(timers.setImmediate(() => (ran = true)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(ran, false);

    assert.equal(await promisify(timers.setImmediate)("value"), "value");
    assert.throws(() => timers.setImmediate("not a function" as never), { code: "ERR_INVALID_ARG_TYPE" });
  });

  it("installs once, and nothing where Node's Immediate lacks the fields it relies on", () => {
    const timers = timersFor(true);
    const installed = timers.setImmediate;
    assert.equal(unlinkRunImmediates(timers), true);
    assert.equal(timers.setImmediate, installed, "patched once");

    const foreign = { setImmediate: (() => ({})) as unknown as typeof setImmediate, clearImmediate: () => {} };
    const before = foreign.setImmediate;
    assert.equal(unlinkRunImmediates(foreign), false);
    assert.equal(foreign.setImmediate, before);
  });
});
