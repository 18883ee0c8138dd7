/**
 * When a tab's live stream is open (lib/live/connection.ts), on a fake clock:
 * closed after the hidden grace and reopened when shown, reopened after a
 * cut with doubling, jittered, capped delays that a `ready` resets, and
 * never two streams at once.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LiveConnection, type LiveConnectionOptions } from "@/lib/live/connection";
import { fakeClock } from "./helpers/fake-clock";

function harness(options: Partial<LiveConnectionOptions> = {}) {
  const clock = fakeClock();
  const opened: Array<{ closed: boolean; at: number }> = [];
  let time = 0;
  const advance = (ms: number) => {
    time += ms;
    clock.advance(ms);
  };
  const live = new LiveConnection({
    open() {
      const stream = { closed: false, at: time };
      opened.push(stream);
      return { close: () => void (stream.closed = true) };
    },
    hiddenGraceMs: 10_000,
    backoff: { firstMs: 1_000, maxMs: 8_000 },
    random: () => 0, // no jitter unless a test sets it
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
    ...options,
  });
  const openCount = () => opened.filter((s) => !s.closed).length;
  return { live, opened, advance, openCount, clock };
}

describe("live connection", () => {
  it("opens at start when visible, not when hidden", () => {
    const visible = harness();
    visible.live.start(false);
    assert.equal(visible.opened.length, 1);
    const hidden = harness();
    hidden.live.start(true);
    assert.equal(hidden.opened.length, 0);
    hidden.live.visibilityChanged(false);
    assert.equal(hidden.opened.length, 1);
  });

  it("closes a hidden tab's stream after the grace, and reopens it when shown", () => {
    const { live, opened, advance, openCount } = harness();
    live.start(false);
    live.visibilityChanged(true);
    advance(9_999);
    assert.equal(openCount(), 1, "a glance at another tab keeps the stream");
    advance(1);
    assert.equal(openCount(), 0);
    assert.equal(live.isOpen, false);
    advance(600_000);
    assert.equal(opened.length, 1, "nothing reopens while hidden");
    live.visibilityChanged(false);
    assert.equal(opened.length, 2);
    assert.equal(openCount(), 1);
  });

  it("keeps the stream when the tab comes back within the grace", () => {
    const { live, opened, advance, openCount } = harness();
    live.start(false);
    live.visibilityChanged(true);
    advance(5_000);
    live.visibilityChanged(false);
    advance(60_000);
    assert.equal(opened.length, 1);
    assert.equal(openCount(), 1);
  });

  it("reopens after a cut with doubling delays, capped, and starts over after ready", () => {
    const { live, opened, advance } = harness();
    live.start(false);
    const gaps: number[] = [];
    for (let i = 0; i < 6; i++) {
      const before = opened.length;
      live.failed();
      let waited = 0;
      while (opened.length === before) {
        advance(100);
        waited += 100;
      }
      gaps.push(waited);
    }
    assert.deepEqual(gaps, [1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    live.ready();
    live.failed();
    advance(999);
    assert.equal(opened.length, 7);
    advance(1);
    assert.equal(opened.length, 8, "a stream that worked starts the delays over");
  });

  it("jitters each delay down by at most half", () => {
    const { live, opened, advance } = harness({ random: () => 0.999 });
    live.start(false);
    live.failed();
    advance(500);
    assert.equal(opened.length, 1, "not before half the delay");
    advance(1);
    assert.equal(opened.length, 2);
  });

  it("holds at most one stream and one pending reopen, however many errors arrive", () => {
    const { live, opened, advance, openCount, clock } = harness();
    live.start(false);
    live.failed();
    live.failed();
    live.failed();
    assert.equal(clock.pending, 1);
    advance(1_000);
    assert.equal(opened.length, 2);
    assert.equal(openCount(), 1);
  });

  it("a cut while hidden waits for the tab to be shown, then reopens at once", () => {
    const { live, opened, advance } = harness();
    live.start(false);
    live.visibilityChanged(true);
    live.failed();
    advance(600_000);
    assert.equal(opened.length, 1);
    live.visibilityChanged(false);
    assert.equal(opened.length, 2);
  });

  it("restart replaces the stream at once, and does nothing after stop", () => {
    const { live, opened, openCount, advance, clock } = harness();
    live.start(false);
    live.restart();
    assert.equal(opened.length, 2);
    assert.equal(openCount(), 1);
    live.failed();
    live.stop();
    assert.equal(clock.pending, 0);
    assert.equal(openCount(), 0);
    live.restart();
    live.visibilityChanged(true);
    live.visibilityChanged(false);
    advance(120_000);
    assert.equal(opened.length, 2);
  });
});
