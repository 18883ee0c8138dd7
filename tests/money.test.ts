import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { dollarPriceSchema, priceCentsSchema } from "@/lib/data/contract/catalog";
import { centsOfDollars, dollarsOfCents, lineCents, sumCents } from "@/lib/data/contract/money";
import { centsAsDecimal, centsAsTyped, formatCents, formatCentsBrief } from "@/lib/money";

// DECISIONS "Money": every amount is whole cents from the store's door up;
// dollars are read into cents exactly, never rounded into an amount.

/** Whole cents of a price the shop takes: 1 cent to LIMITS.priceMax dollars. */
const priceCents = fc.integer({ min: 1, max: 100_000_000 });

describe("money is whole cents", () => {
  test("dollars as stored or typed read into exact cents: numbers and the text an old catalogue holds", () => {
    const cases: Array<[unknown, number | null]> = [
      [19.99, 1999],
      [0.1, 10],
      [0.29, 29],
      [1.005, null],
      [129.99, 12999],
      ["129.99", 12999],
      ["5", 500],
      ["5.5", 550],
      [" 12.50 ", 1250],
      [0, 0],
      ["1e3", null],
      ["0x10", null],
      ["", null],
      ["-1", null],
      ["1.999", null],
      [19.999, null],
      [Number.NaN, null],
      [Infinity, null],
      [null, null],
      [undefined, null],
      [{}, null],
    ];
    for (const [stored, cents] of cases) assert.equal(centsOfDollars(stored), cents, `centsOfDollars(${JSON.stringify(stored)})`);
  });

  test("every amount of cents survives the trip through dollars (a number and its text) unchanged", () => {
    fc.assert(
      fc.property(priceCents, (cents) => {
        assert.equal(centsOfDollars(dollarsOfCents(cents)), cents);
        assert.equal(centsOfDollars(centsAsDecimal(cents)), cents);
      }),
      { numRuns: 2_000 },
    );
  });

  test("sums are exact: 0.10 + 0.20 is 0.30, and lines sum to the subtotal in any order", () => {
    assert.equal(sumCents([centsOfDollars(0.1)!, centsOfDollars(0.2)!]), centsOfDollars(0.3));
    assert.equal(formatCents(sumCents([10, 20])), "$0.30");
    fc.assert(
      fc.property(fc.array(fc.tuple(priceCents, fc.integer({ min: 1, max: 999 })), { maxLength: 100 }), (lines) => {
        const amounts = lines.map(([unit, quantity]) => lineCents(unit, quantity));
        const subtotal = sumCents(amounts);
        assert.ok(Number.isSafeInteger(subtotal), "a cart's subtotal stays an exact integer");
        assert.ok(subtotal >= 0, "never negative");
        assert.equal(sumCents([...amounts].reverse()), subtotal);
        for (const [unit, quantity] of lines) assert.equal(lineCents(unit, quantity) % quantity, 0);
      }),
    );
  });

  test("the price a person types is read into cents, with the form's words for what is not a price", () => {
    assert.equal(dollarPriceSchema.parse(19.99), 1999);
    assert.equal(dollarPriceSchema.parse(1_000_000), 100_000_000);
    const refusal = (value: unknown) => dollarPriceSchema.safeParse(value).error?.issues[0]?.message;
    assert.equal(refusal(19.999), "Price may have at most two decimals");
    assert.equal(refusal(0), "Price must be more than 0");
    assert.equal(refusal(-5), "Price must be more than 0");
    assert.equal(refusal(1_000_000.01), "Price must be at most 1000000");
    assert.equal(refusal(Number.NaN), "Price must be a number");
    assert.equal(refusal("19.99"), "Price must be a number");
    assert.equal(priceCentsSchema.safeParse(19.99).success, false, "the contract takes whole cents only");
  });

  test("an amount is shown as dollars in one format everywhere", () => {
    assert.equal(formatCents(129_900), "$1,299.00");
    assert.equal(formatCents(5), "$0.05");
    assert.equal(formatCents(0), "$0.00");
    assert.equal(centsAsDecimal(1999), "19.99");
    fc.assert(
      fc.property(priceCents, (cents) => {
        const shown = formatCents(cents).replace(/[$,]/g, "");
        assert.equal(centsOfDollars(shown), cents, "what is shown reads back as the same cents");
      }),
      { numRuns: 2_000 },
    );
  });

  test("a price range's bounds: whole dollars without cents, as typed and in words, and each reads back as its cents", () => {
    assert.equal(centsAsTyped(500), "5");
    assert.equal(centsAsTyped(550), "5.50");
    assert.equal(centsAsTyped(100_000), "1000");
    assert.equal(formatCentsBrief(500), "$5");
    assert.equal(formatCentsBrief(100_000), "$1,000");
    assert.equal(formatCentsBrief(1999), "$19.99");
    assert.equal(formatCentsBrief(129_950), "$1,299.50");
    fc.assert(
      fc.property(priceCents, (cents) => {
        assert.equal(centsOfDollars(centsAsTyped(cents)), cents, "what a field holds reads back as the same cents");
        assert.equal(centsOfDollars(formatCentsBrief(cents).replace(/[$,]/g, "")), cents, "what the words say reads back too");
      }),
      { numRuns: 2_000 },
    );
  });
});
