import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { processSingleton } from "@/lib/process-singleton";

describe("processSingleton", () => {
  it("opens once per process, however many callers ask at once", async () => {
    let opens = 0;
    const open = async () => ({ opened: ++opens });
    const [a, b] = await Promise.all([processSingleton("test.once", open), processSingleton("test.once", open)]);
    assert.equal(a, b);
    assert.equal(await processSingleton("test.once", open), a);
    assert.equal(opens, 1);
  });

  it("forgets a failed open, so the next call tries again", async () => {
    let opens = 0;
    const open = async () => {
      opens += 1;
      if (opens === 1) throw new Error("not reachable yet");
      return "open";
    };
    await assert.rejects(processSingleton("test.retry", open), /not reachable yet/);
    assert.equal(await processSingleton("test.retry", open), "open");
    assert.equal(opens, 2);
  });
});
