/**
 * The cart quantity field's rule (lib/cart/quantity-input.ts) and where focus
 * goes when a line leaves the cart (lib/cart/line-after-removal.ts): pure, so
 * held here; the stepper and the cart view that apply them are held by
 * tests/e2e/cart-keyboard.spec.ts.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { MAX_LINE_QUANTITY } from "@/lib/cart/cart-lines";
import { lineAfterRemoval } from "@/lib/cart/line-after-removal";
import { parseQuantity, QUANTITY_RANGE_MESSAGE, stepQuantity } from "@/lib/cart/quantity-input";

describe("quantity field", () => {
  test("takes a whole number from 1 to 999, spaces around it allowed", () => {
    for (const [typed, value] of [
      ["1", 1],
      ["12", 12],
      [" 7 ", 7],
      ["999", 999],
      ["007", 7],
    ] as const) {
      assert.equal(parseQuantity(typed), value, typed);
    }
  });

  test("refuses every other text, however many digits: nothing is cut to fit", () => {
    for (const typed of ["", " ", "0", "00", "-5", "+5", "1.5", "1e3", "abc", "12a", "1 2", "١٢", "1000", "99999", "9".repeat(400)]) {
      assert.equal(parseQuantity(typed), null, JSON.stringify(typed));
    }
    assert.equal(QUANTITY_RANGE_MESSAGE, `Enter a quantity from 1 to ${MAX_LINE_QUANTITY}.`);
  });

  test("arrow steps stay within 1 to 999", () => {
    assert.equal(stepQuantity(1, 1), 2);
    assert.equal(stepQuantity(2, -1), 1);
    assert.equal(stepQuantity(1, -1), 1);
    assert.equal(stepQuantity(MAX_LINE_QUANTITY, 1), MAX_LINE_QUANTITY);
    assert.equal(stepQuantity(MAX_LINE_QUANTITY, -1), MAX_LINE_QUANTITY - 1);
  });
});

describe("focus after a line leaves the cart", () => {
  test("goes to the next line still shown, else the nearest before it, else nowhere (the empty cart)", () => {
    assert.equal(lineAfterRemoval(["a", "b", "c"], ["a", "c"], "b"), "c");
    assert.equal(lineAfterRemoval(["a", "b", "c"], ["a", "b"], "c"), "b");
    assert.equal(lineAfterRemoval(["a", "b", "c"], ["b", "c"], "a"), "b");
    assert.equal(lineAfterRemoval(["a"], [], "a"), null);
  });

  test("skips lines that went at the same time (another tab's deletes in one snapshot)", () => {
    assert.equal(lineAfterRemoval(["a", "b", "c", "d"], ["a", "d"], "b"), "d");
    assert.equal(lineAfterRemoval(["a", "b", "c", "d"], ["a"], "c"), "a");
  });

  test("a line it never saw falls back to the first line shown", () => {
    assert.equal(lineAfterRemoval(["a"], ["x", "y"], "a"), "x");
    assert.equal(lineAfterRemoval([], ["x"], "gone"), "x");
  });
});
