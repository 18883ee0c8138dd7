import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { DEFAULT_SHIPPING_ZONES, shippingZonesSchema, type ShippingZone } from "@/lib/data/contract/shipping";
import { US_STATES } from "@/lib/data/contract/us-states";
import { servedCountries, shippingFor } from "@/lib/data/rules/shipping";
import { shippingEstimate, zoneRate } from "@/lib/orders/shipping-quote";

// DECISIONS "Money": rates per zone set by the operator, flat per order, free over a threshold.

const STATES = US_STATES.map(([code]) => code);
const COUNTRIES = ["US", "CA", "DE", "GB", "MX", "JP"];
const cents = fc.integer({ min: 0, max: 100_000_000 });

/** Any list of zones the store accepts: per country a country-wide zone or not, and zones of distinct states in the US. */
const zonesArb: fc.Arbitrary<ShippingZone[]> = fc
  .record({
    countries: fc.subarray(COUNTRIES, { minLength: 1 }),
    stateGroups: fc.array(fc.subarray(STATES, { minLength: 1, maxLength: 5 }), { maxLength: 3 }),
    wide: fc.boolean(),
    rates: fc.array(fc.record({ rateCents: cents, freeOverCents: fc.option(cents, { nil: null }) }), { minLength: 10, maxLength: 10 }),
  })
  .map(({ countries, stateGroups, wide, rates }) => {
    const zones: ShippingZone[] = [];
    const rate = () => rates[zones.length % rates.length];
    for (const country of countries)
      if (country !== "US" || wide) zones.push({ id: `z${zones.length}`, name: `Zone ${country}`, country, regions: [], ...rate() });
    const taken = new Set<string>();
    if (countries.includes("US"))
      for (const group of stateGroups) {
        const regions = group.filter((state) => !taken.has(state));
        regions.forEach((state) => taken.add(state));
        if (regions.length > 0) zones.push({ id: `z${zones.length}`, name: "States", country: "US", regions, ...rate() });
      }
    return zones.length > 0 ? zones : [{ id: "z0", name: "CA", country: "CA", regions: [], ...rates[0] }];
  });

const addressArb = fc.record({ country: fc.constantFrom(...COUNTRIES, "FR"), region: fc.constantFrom("", ...STATES) });

describe("shipping by zone", () => {
  test("the defaults: $5.00 in the contiguous US, free from $50.00; $15.00 to Alaska and Hawaii; nowhere else", () => {
    const zones = [...DEFAULT_SHIPPING_ZONES];
    assert.ok(shippingZonesSchema.safeParse(zones).success);
    const quote = (country: string, region: string, subtotal: number) => {
      const q = shippingFor(zones, { country, region }, subtotal);
      return q && [q.zone.name, q.cents];
    };
    assert.deepEqual(quote("US", "IL", 4999), ["Contiguous United States", 500]);
    assert.deepEqual(quote("US", "IL", 5000), ["Contiguous United States", 0]);
    assert.deepEqual(quote("US", "AK", 4999), ["Alaska and Hawaii", 1500]);
    assert.deepEqual(quote("US", "HI", 1_000_000), ["Alaska and Hawaii", 1500]);
    assert.deepEqual(quote("us", "ak", 100), ["Alaska and Hawaii", 1500]);
    assert.equal(quote("CA", "", 100), null);
    assert.deepEqual(servedCountries(zones), ["US"]);
  });

  test("every list the store accepts prices every address at 0 or more, its zone's rate or nothing", () => {
    fc.assert(
      fc.property(zonesArb, addressArb, cents, (zones, address, subtotal) => {
        assert.ok(shippingZonesSchema.safeParse(zones).success, JSON.stringify(zones));
        const quote = shippingFor(zones, address, subtotal);
        if (quote === null) return;
        assert.ok(Number.isInteger(quote.cents) && quote.cents >= 0);
        assert.ok(quote.cents === 0 || quote.cents === quote.zone.rateCents);
      }),
    );
  });

  test("free at and over the zone's threshold, its rate below it", () => {
    fc.assert(
      fc.property(zonesArb, addressArb, cents, (zones, address, subtotal) => {
        const quote = shippingFor(zones, address, subtotal);
        if (quote === null) return;
        const free = quote.zone.freeOverCents;
        assert.equal(quote.cents, free !== null && subtotal >= free ? 0 : quote.zone.rateCents);
        if (free !== null) assert.equal(shippingFor(zones, address, free)!.cents, 0);
      }),
    );
  });

  test("a zone naming the address's state wins over the country-wide one", () => {
    fc.assert(
      fc.property(zonesArb, fc.constantFrom(...STATES), cents, (zones, state, subtotal) => {
        const named = zones.find((zone) => zone.country === "US" && zone.regions.includes(state));
        const quote = shippingFor(zones, { country: "US", region: state }, subtotal);
        if (named) assert.equal(quote?.zone, named);
        else assert.equal(quote?.zone ?? null, zones.find((zone) => zone.country === "US" && zone.regions.length === 0) ?? null);
      }),
    );
  });

  test("a country without a zone is not served, and the served countries are the zones' countries", () => {
    fc.assert(
      fc.property(zonesArb, addressArb, cents, (zones, address, subtotal) => {
        const served = servedCountries(zones);
        assert.deepEqual(new Set(served), new Set(zones.map((zone) => zone.country)));
        if (!served.includes(address.country)) assert.equal(shippingFor(zones, address, subtotal), null);
      }),
    );
  });

  test("in words: the cart's estimate and each zone's rate", () => {
    const zones = [...DEFAULT_SHIPPING_ZONES];
    assert.equal(
      shippingEstimate(zones),
      "Shipping from $5.00, free over $50.00; the rate for your address, and sales tax where it is due, at checkout.",
    );
    assert.equal(
      shippingEstimate([{ ...zones[1] }]),
      "Shipping from $15.00; the rate for your address, and sales tax where it is due, at checkout.",
    );
    assert.equal(shippingEstimate([{ ...zones[0], rateCents: 0 }, zones[1]]), "Shipping is free; sales tax, where it is due, at checkout.");
    assert.equal(shippingEstimate([]), null);
    assert.deepEqual(zones.map(zoneRate), ["$5.00, free over $50.00", "$15.00"]);
    assert.equal(zoneRate({ ...zones[0], freeOverCents: 0 }), "Free");
  });
});
