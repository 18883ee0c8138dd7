/**
 * A page catching up with the catalogue version its live stream announced
 * (lib/live/catalog-catch-up.ts), on a fake clock: refreshed only when it
 * shows another version, refreshed again after 1, 2, 4 and 8 s while a
 * stale answer keeps it behind, and left alone once it shows the version.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CatalogCatchUp } from "@/lib/live/catalog-catch-up";
import { fakeClock } from "./helpers/fake-clock";

function harness(initial: string | null) {
  const clock = fakeClock();
  const page = { shown: initial, refreshes: [] as number[], serves: initial };
  const catchUp = new CatalogCatchUp({
    shownVersion: () => page.shown,
    // A refresh shows whatever the server serves at that moment.
    refresh: () => {
      page.refreshes.push(clock.now);
      page.shown = page.serves;
    },
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
  return { page, catchUp, advance: (ms: number) => clock.advance(ms), clock };
}

describe("catalogue catch-up", () => {
  it("does not refresh a page that already shows the announced version", () => {
    const { page, catchUp, clock } = harness("v1");
    catchUp.announce("v1", { changed: false });
    catchUp.announce("v1", { changed: true }); // the change feed's second notice
    assert.deepEqual(page.refreshes, []);
    assert.equal(clock.pending, 0);
  });

  it("refreshes once when the server serves the new version at once", () => {
    const { page, catchUp, advance } = harness("v1");
    page.serves = "v2";
    catchUp.announce("v2", { changed: true });
    advance(60_000);
    assert.deepEqual(page.refreshes, [0]);
    assert.equal(page.shown, "v2");
  });

  it("keeps refreshing after 1, 2, 4 and 8 s while the server still serves the old page, and stops once it shows the new one", () => {
    const { page, catchUp, advance } = harness("v1");
    catchUp.announce("v2", { changed: false }); // a stream reopened after a gap; the server regenerates in the background
    advance(2_500);
    page.serves = "v2";
    advance(60_000);
    assert.deepEqual(page.refreshes, [0, 1_000, 3_000]);
    assert.equal(page.shown, "v2");
  });

  it("gives up after the last delay; the next announcement starts over", () => {
    const { page, catchUp, advance } = harness("v1");
    catchUp.announce("v2", { changed: true });
    advance(60_000);
    assert.deepEqual(page.refreshes, [0, 1_000, 3_000, 7_000, 15_000]);
    page.serves = "v2";
    catchUp.announce("v2", { changed: true });
    assert.equal(page.shown, "v2");
    assert.equal(page.refreshes.length, 6);
  });

  it("a newer announcement replaces the pending checks", () => {
    const { page, catchUp, advance } = harness("v1");
    catchUp.announce("v2", { changed: true });
    advance(500);
    page.serves = "v3";
    catchUp.announce("v3", { changed: true });
    advance(60_000);
    assert.deepEqual(page.refreshes, [0, 500]);
    assert.equal(page.shown, "v3");
  });

  it("a page without a version mark refreshes once per change, and never on a stream's opening", () => {
    const { page, catchUp, advance } = harness(null);
    catchUp.announce("v2", { changed: false });
    catchUp.announce("v2", { changed: true });
    catchUp.announce(null, { changed: true });
    advance(60_000);
    assert.deepEqual(page.refreshes, [0, 0]);
  });

  it("stop() cancels pending checks", () => {
    const { page, catchUp, advance } = harness("v1");
    catchUp.announce("v2", { changed: true });
    catchUp.stop();
    advance(60_000);
    assert.deepEqual(page.refreshes, [0]);
  });
});
