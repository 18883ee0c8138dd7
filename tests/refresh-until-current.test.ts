/**
 * Refreshing an open page until it shows what its stream announced
 * (lib/live/refresh-until-current.ts), on a fake clock: refreshed at once
 * when behind, checked again after each delay and refreshed again while
 * still behind (the last check only looks) (a refresh lost on the way, or served from a render
 * that raced the change), each repeat and giving up reported, and left alone
 * once the page shows it.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { RefreshUntilCurrent } from "@/lib/live/refresh-until-current";
import { fakeClock } from "./helpers/fake-clock";

/**
 * A page at revision `shown` whose stream announced `announced`; a refresh
 * that lands shows what the server serves then, one that is lost (the first
 * `lost` of them) shows nothing new.
 */
function harness({ shown = 1, announced = 2, serves = 2, lost = 0 } = {}) {
  const clock = fakeClock();
  const page = { shown, serves, announced, lost, refreshes: [] as number[], repeats: [] as number[], gaveUp: 0, settled: 0 };
  const refresher = new RefreshUntilCurrent({
    behind: () => page.shown < page.announced,
    refresh: () => {
      page.refreshes.push(clock.now);
      if (page.lost > 0) page.lost -= 1;
      else page.shown = page.serves;
    },
    onRepeat: (attempt) => page.repeats.push(attempt),
    onGiveUp: () => page.gaveUp++,
    onSettled: () => page.settled++,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
  return { page, refresher, clock };
}

describe("refresh until current", () => {
  it("leaves a page alone that already shows what was announced", () => {
    const { page, refresher, clock } = harness({ shown: 2 });
    refresher.announce();
    clock.advance(60_000);
    assert.deepEqual([page.refreshes, page.settled, clock.pending], [[], 1, 0]);
  });

  it("refreshes once when the refresh lands, and reports nothing", () => {
    const { page, refresher, clock } = harness();
    refresher.announce();
    clock.advance(60_000);
    assert.deepEqual([page.refreshes, page.repeats, page.gaveUp, page.settled, page.shown], [[0], [], 0, 1, 2]);
  });

  it("a lost refresh is repeated 1 s later, and the repeat is reported", () => {
    const { page, refresher, clock } = harness({ lost: 1 });
    refresher.announce();
    clock.advance(60_000);
    assert.deepEqual([page.refreshes, page.repeats, page.gaveUp, page.shown], [[0, 1_000], [1], 0, 2]);
  });

  it("checks after 1, 2, 4 and 8 s, refreshing again while the page stays behind, and gives up at the last check, reported; the next announcement starts over", () => {
    const { page, refresher, clock } = harness({ serves: 1 });
    refresher.announce();
    clock.advance(14_999);
    assert.equal(page.gaveUp, 0);
    clock.advance(60_000);
    assert.deepEqual(page.refreshes, [0, 1_000, 3_000, 7_000]);
    assert.deepEqual([page.repeats, page.gaveUp, page.settled], [[1, 2, 3], 1, 1]);
    page.serves = 2;
    refresher.announce();
    assert.deepEqual([page.refreshes.length, page.shown], [5, 2]);
  });

  it("a new announcement while checking starts over from a refresh now", () => {
    const { page, refresher, clock } = harness({ serves: 1 });
    refresher.announce();
    clock.advance(1_500);
    page.serves = 3;
    page.announced = 3;
    refresher.announce();
    clock.advance(60_000);
    assert.deepEqual([page.refreshes, page.shown], [[0, 1_000, 1_500], 3]);
  });

  it("a repeat that lands at the third check is not reported as given up", () => {
    const { page, refresher, clock } = harness({ lost: 3 });
    refresher.announce();
    clock.advance(60_000);
    assert.deepEqual([page.refreshes, page.repeats, page.gaveUp, page.shown], [[0, 1_000, 3_000, 7_000], [1, 2, 3], 0, 2]);
  });

  it("stop() cancels the pending check", () => {
    const { page, refresher, clock } = harness({ serves: 1 });
    refresher.announce();
    refresher.stop();
    clock.advance(60_000);
    assert.deepEqual([page.refreshes, clock.pending], [[0], 0]);
  });
});
