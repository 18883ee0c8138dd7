/**
 * A page catching up with the catalogue changes its live stream announced
 * (lib/live/catalog-catch-up.ts), on a fake clock: refreshed only when a
 * change newer than a part's version touched one of that part's tags,
 * refreshed again while a stale answer keeps the part behind
 * (lib/live/refresh-until-current.ts), and left alone once the part shows
 * the change.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CatalogCatchUp, isStale, oldestShownVersion, type ShownPart } from "@/lib/live/catalog-catch-up";
import { fakeClock } from "./helpers/fake-clock";

const BOOK_PAGE: ShownPart = { version: 1, tags: ["catalog", "product:book-1"] };
const ELECTRONICS_PAGE: ShownPart = { version: 1, tags: ["catalog", "type:Electronics", "product:phone-1"] };
const editOf = (id: string, version: number) => [{ version, tags: [`product:${id}`, "search", "sitemap"] }];

/** A page of one part; a refresh shows the part as the server serves it at that moment. */
function harness(initial: ShownPart) {
  const clock = fakeClock();
  const page = { shown: initial, refreshes: [] as number[], serves: initial };
  const catchUp = new CatalogCatchUp({
    shownParts: () => [page.shown],
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
  it("refreshes nothing while its stream is cut, and catches up on the pending change when the reopened stream is ready", () => {
    const { page, catchUp, advance, clock } = harness(BOOK_PAGE);
    catchUp.announce(editOf("book-1", 2), 2); // refreshed at 0, the answer still old
    catchUp.hold();
    assert.equal(clock.pending, 0, "no check is left to refresh during the cut");
    advance(60_000);
    assert.deepEqual(page.refreshes, [0]);
    page.serves = { ...BOOK_PAGE, version: 2 };
    catchUp.announce([], 2); // the reopened stream is ready; even naming no change, the held edit is still due
    assert.deepEqual(page.refreshes, [0, 60_000]);
    advance(60_000);
    assert.deepEqual(page.shown, { ...BOOK_PAGE, version: 2 });
    assert.deepEqual(page.refreshes, [0, 60_000]);
  });

  it("leaves a page alone when the change touched none of its parts: an edit of a Book on the Electronics page", () => {
    const { page, catchUp, clock } = harness(ELECTRONICS_PAGE);
    catchUp.announce(editOf("book-1", 2), 2);
    assert.deepEqual(page.refreshes, []);
    assert.equal(clock.pending, 0);
  });

  it("does not refresh a part that already shows the change (the feed's second notice)", () => {
    const { page, catchUp } = harness({ ...BOOK_PAGE, version: 2 });
    catchUp.announce(editOf("book-1", 2), 2);
    assert.deepEqual(page.refreshes, []);
  });

  it("refreshes once when the server serves the part at the change at once", () => {
    const { page, catchUp, advance } = harness(BOOK_PAGE);
    page.serves = { ...BOOK_PAGE, version: 2 };
    catchUp.announce(editOf("book-1", 2), 2);
    advance(60_000);
    assert.deepEqual(page.refreshes, [0]);
  });

  it("keeps refreshing while the server still serves the old part, and stops once it shows the change", () => {
    const { page, catchUp, advance } = harness(BOOK_PAGE);
    catchUp.announce(editOf("book-1", 2), 2);
    advance(2_500);
    page.serves = { ...BOOK_PAGE, version: 3 };
    advance(60_000);
    assert.deepEqual(page.refreshes, [0, 1_000, 3_000]);
  });

  it("gives up after the last delay; the next announcement starts over", () => {
    const { page, catchUp, advance } = harness(BOOK_PAGE);
    catchUp.announce(editOf("book-1", 2), 2);
    advance(60_000);
    assert.deepEqual(page.refreshes, [0, 1_000, 3_000, 7_000]);
    page.serves = { ...BOOK_PAGE, version: 2 };
    catchUp.announce(editOf("book-1", 2), 2);
    assert.equal(page.refreshes.length, 5);
    assert.equal(page.shown.version, 2);
  });

  it("a change of anything (null, or the catalog tag) touches every part", () => {
    const { page, catchUp } = harness(ELECTRONICS_PAGE);
    catchUp.announce(null, 5);
    assert.equal(page.refreshes.length, 1);
    const other = harness(ELECTRONICS_PAGE);
    other.catchUp.announce([{ version: 2, tags: ["catalog"] }], 2);
    assert.equal(other.page.refreshes.length, 1);
  });

  it("a page without marks is never refreshed", () => {
    const clock = fakeClock();
    let refreshes = 0;
    const catchUp = new CatalogCatchUp({
      shownParts: () => [],
      refresh: () => refreshes++,
      setTimer: clock.setTimer,
      clearTimer: clock.clearTimer,
    });
    catchUp.announce(null, 9);
    catchUp.announce(editOf("book-1", 10), 10);
    clock.advance(60_000);
    assert.equal(refreshes, 0);
  });

  it("stop() cancels pending checks", () => {
    const { page, catchUp, advance } = harness(BOOK_PAGE);
    catchUp.announce(editOf("book-1", 2), 2);
    catchUp.stop();
    advance(60_000);
    assert.deepEqual(page.refreshes, [0]);
  });

  it("judges each change against the part's own version, and finds the page's oldest part", () => {
    assert.equal(isStale({ version: 3, tags: ["product:a"] }, editOf("a", 3), 3), false);
    assert.equal(isStale({ version: 2, tags: ["product:a"] }, editOf("a", 3), 3), true);
    assert.equal(isStale({ version: 2, tags: ["product:a"] }, editOf("b", 3), 3), false);
    assert.equal(oldestShownVersion([]), null);
    assert.equal(
      oldestShownVersion([
        { version: 4, tags: ["x"] },
        { version: 2, tags: ["y"] },
      ]),
      2,
    );
  });
});
