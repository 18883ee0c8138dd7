import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { DEFAULT_SHIPPING_ZONES } from "@/lib/data/contract/shipping";
import { US_STATES } from "@/lib/data/contract/us-states";
import { billFor } from "@/lib/data/rules/bill";
import { salesTaxFor, taxOf } from "@/lib/data/rules/sales-tax";
import { US_SALES_TAX_TABLE } from "@/lib/data/rules/us-sales-tax-table";
import { billOf, taxLabel, taxRateWords } from "@/lib/orders/bill-quote";

// DECISIONS "Money": US sales tax by destination state from a table kept in
// the repository; its own line; none outside the US. Rounded once per
// order, half a cent up (lib/data/rules/sales-tax.ts says why).

const STATES = US_STATES.map(([code]) => code);
const cents = fc.integer({ min: 0, max: 100_000_000 });
const address = (region: string, country = "US") => ({ country, region });

describe("US sales tax", () => {
  test("figures worked by hand: the state's rate on the goods, and on the shipping where the state taxes it", () => {
    // Illinois, 6.25 %, shipping taxed: (1899 + 500) × 0.0625 = 149.9375.
    assert.deepEqual(salesTaxFor(address("IL"), 1899, 500), { cents: 150, rate: 6250, region: "IL" });
    // California, 7.25 %, shipping not taxed: 1899 × 0.0725 = 137.6775.
    assert.deepEqual(salesTaxFor(address("CA"), 1899, 500), { cents: 138, rate: 7250, region: "CA" });
    // Minnesota, 6.875 %: 1000 × 0.06875 = 68.75; Missouri, 4.225 %: 1000 × 0.04225 = 42.25.
    assert.equal(salesTaxFor(address("MN"), 1000, 0).cents, 69);
    assert.equal(salesTaxFor(address("MO"), 1000, 0).cents, 42);
    // Half a cent rounds up: 8 × 6.25 % = 0.5.
    assert.equal(taxOf(8, 6250), 1);
    assert.equal(taxOf(7, 6250), 0);
  });

  test("none outside the United States, in the five states without a state sales tax, or without a state", () => {
    for (const where of [
      address("ON", "CA"),
      address("", "DE"),
      address("AK"),
      address("DE"),
      address("MT"),
      address("NH"),
      address("OR"),
      address(""),
    ])
      assert.deepEqual(salesTaxFor(where, 12_345, 500), { cents: 0, rate: 0, region: "" }, JSON.stringify(where));
  });

  test("the table: one entry per state and DC, rates from 0 to 7.25 %, exactly five states at 0", () => {
    assert.deepEqual(Object.keys(US_SALES_TAX_TABLE).sort(), [...STATES].sort());
    const rates = Object.values(US_SALES_TAX_TABLE).map((state) => state.rate);
    assert.ok(rates.every((rate) => Number.isInteger(rate) && rate >= 0 && rate <= 7250));
    assert.deepEqual(
      Object.entries(US_SALES_TAX_TABLE)
        .filter(([, state]) => state.rate === 0)
        .map(([code]) => code)
        .sort(),
      ["AK", "DE", "MT", "NH", "OR"],
    );
  });

  test("property: the tax is never negative and within half a cent of the exact figure", () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATES), cents, cents, (state, goods, shipping) => {
        const tax = salesTaxFor(address(state), goods, shipping);
        const entry = US_SALES_TAX_TABLE[state];
        const base = goods + (entry.shippingTaxed ? shipping : 0);
        const exact = (base * entry.rate) / 100_000;
        assert.ok(tax.cents >= 0 && Number.isInteger(tax.cents));
        assert.ok(Math.abs(tax.cents - exact) <= 0.5 + 1e-9, `${state} ${base}: ${tax.cents} vs ${exact}`);
      }),
      { numRuns: 2_000 },
    );
  });

  test("property: the bill's total is goods + shipping + tax, never negative, and tax never exceeds the goods and shipping", () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATES), cents, (state, subtotal) => {
        const bill = billFor(DEFAULT_SHIPPING_ZONES, address(state), subtotal)!;
        assert.equal(bill.totalCents, subtotal + bill.shipping.cents + bill.tax.cents);
        assert.ok(bill.totalCents >= subtotal);
        assert.ok(bill.tax.cents <= subtotal + bill.shipping.cents);
      }),
      { numRuns: 2_000 },
    );
  });

  test("the checkout prices nothing until a US address names its state; where no zone serves, nothing", () => {
    assert.equal(billOf(DEFAULT_SHIPPING_ZONES, address(""), 1000), null);
    assert.equal(billOf(DEFAULT_SHIPPING_ZONES, address("", ""), 1000), null);
    assert.equal(billOf(DEFAULT_SHIPPING_ZONES, address("", "JP"), 1000), null);
    assert.equal(billOf(DEFAULT_SHIPPING_ZONES, address("IL"), 1000)?.tax.cents, 94);
  });

  test("in words: the rate as a percent, the state by name", () => {
    assert.deepEqual([6250, 6875, 4225, 4000, 7250].map(taxRateWords), ["6.25%", "6.875%", "4.225%", "4%", "7.25%"]);
    assert.equal(taxLabel({ rate: 6250, region: "IL" }), "Sales tax (Illinois, 6.25%)");
    assert.equal(taxLabel({ rate: 6000, region: "DC" }), "Sales tax (District of Columbia, 6%)");
    assert.equal(taxLabel({ rate: 6250, region: "" }), "Sales tax (6.25%)");
    assert.equal(taxLabel({ rate: 0, region: "" }), "Sales tax");
  });
});
