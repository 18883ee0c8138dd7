/**
 * What a page shows of stock (lib/data/rules/stock-shown.ts) and which writes
 * change it (lib/data/rules/stock-notices.ts): the rule both adapters record stock
 * notices by, and pages render.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LOW_STOCK_MAX, stockShown, stockShownChanged } from "@/lib/data/rules/stock-shown";
import { STOCK_MAX, shownStockChanges, stockAfterMoving, stockAfterTaking } from "@/lib/data/rules/stock-notices";

describe("stockShown", () => {
  it("shows nothing for an untracked product or more than 5 left, 'Only N left' at 5 or fewer, 'Out of stock' at 0", () => {
    assert.equal(LOW_STOCK_MAX, 5);
    assert.deepEqual(stockShown(null), { kind: "none" });
    assert.deepEqual(stockShown(1_000_000), { kind: "none" });
    assert.deepEqual(stockShown(6), { kind: "none" });
    assert.deepEqual(stockShown(5), { kind: "low", left: 5 });
    assert.deepEqual(stockShown(1), { kind: "low", left: 1 });
    assert.deepEqual(stockShown(0), { kind: "out" });
  });
});

describe("stockShownChanged", () => {
  const cases: [number | null, number | null, boolean][] = [
    [40, 39, false],
    [7, 6, false],
    [6, 5, true],
    [7, 4, true],
    [5, 4, true],
    [1, 0, true],
    [2, 0, true],
    [0, 0, false],
    [0, 3, true],
    [3, 10, true],
    [10, 20, false],
    [null, 3, true],
    [null, 10, false],
    [null, 0, true],
    [3, null, true],
    [20, null, false],
    [null, null, false],
    [4, 4, false],
  ];
  for (const [before, after, changed] of cases) {
    it(`${before} to ${after}: ${changed ? "changes" : "keeps"} what is shown`, () => {
      assert.equal(stockShownChanged(before, after), changed);
    });
  }
});

describe("stock notices' facts", () => {
  it("takes a sale's units from tracked products only, and names those whose shown stock moved", () => {
    const before = new Map<string, number | null>([
      ["lamp", 7],
      ["mug", 40],
      ["book", null],
      ["pen", 2],
    ]);
    const after = stockAfterTaking(before, [
      { productId: "lamp", quantity: 3 },
      { productId: "mug", quantity: 1 },
      { productId: "book", quantity: 5 },
      { productId: "pen", quantity: 2 },
    ]);
    assert.deepEqual(
      after,
      new Map([
        ["lamp", 4],
        ["mug", 39],
        ["book", null],
        ["pen", 0],
      ]),
    );
    assert.deepEqual(shownStockChanges(before, after), ["lamp", "pen"]);
    assert.deepEqual(shownStockChanges(before, before), []);
  });

  it("gives units back to tracked products only, never past the most a stock holds", () => {
    const before = new Map<string, number | null>([
      ["lamp", 0],
      ["mug", 40],
      ["book", null],
      ["full", STOCK_MAX - 1],
    ]);
    const after = stockAfterMoving(
      before,
      new Map([
        ["lamp", 2],
        ["mug", 1],
        ["book", 3],
        ["full", 5],
      ]),
    );
    assert.deepEqual(
      after,
      new Map([
        ["lamp", 2],
        ["mug", 41],
        ["book", null],
        ["full", STOCK_MAX],
      ]),
    );
    assert.deepEqual(shownStockChanges(before, after), ["lamp"]);
  });
});
