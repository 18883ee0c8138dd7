import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { HOME_LAST_POSITION, homeSections } from "@/lib/catalog/home-sections";

/** Positions 1..n, so every assertion reads as the spec's numbers. */
const positions = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const range = (from: number, to: number) => positions(to).slice(from - 1);

describe("homeSections", () => {
  it("slices a full catalogue into 1-6, 7-15, 16-24, 25-29, 30-32, 33-36, 37-40", () => {
    const sections = homeSections(positions(48));
    assert.deepEqual(sections.priceCards, range(1, 6));
    assert.deepEqual(sections.carousels, [
      { title: "Popular products in Apparel internationally", products: range(7, 15) },
      { title: "Related to items you have viewed", products: range(16, 24) },
    ]);
    assert.deepEqual(sections.singles, [range(25, 29), range(30, 32), range(33, 36), range(37, 40)]);
  });

  it("shows every product from 1 to 40 exactly once, in order, and nothing after 40", () => {
    const sections = homeSections(positions(48));
    const shown = [...sections.priceCards, ...sections.carousels.flatMap((c) => c.products), ...sections.singles.flat()];
    assert.deepEqual(shown, range(1, HOME_LAST_POSITION));
    assert.equal(HOME_LAST_POSITION, 40);
  });

  it("returns empty sections for an empty catalogue", () => {
    assert.deepEqual(homeSections([]), { priceCards: [], carousels: [], singles: [] });
  });

  it("keeps short sections and drops empty ones when the catalogue is small", () => {
    assert.deepEqual(homeSections(positions(4)), { priceCards: [1, 2, 3, 4], carousels: [], singles: [] });
    const seven = homeSections(positions(7));
    assert.deepEqual(seven.priceCards, range(1, 6));
    assert.deepEqual(seven.carousels, [{ title: "Popular products in Apparel internationally", products: [7] }]);
    assert.deepEqual(seven.singles, []);
    const thirtyOne = homeSections(positions(31));
    assert.equal(thirtyOne.carousels.length, 2);
    assert.deepEqual(thirtyOne.singles, [range(25, 29), [30, 31]]);
  });

  it("handles the exact boundaries 6, 24 and 40", () => {
    assert.deepEqual(homeSections(positions(6)).carousels, []);
    assert.deepEqual(homeSections(positions(24)).singles, []);
    assert.deepEqual(homeSections(positions(40)).singles.at(-1), range(37, 40));
  });

  it("does not modify its input", () => {
    const input = Object.freeze(positions(45));
    homeSections(input);
    assert.equal(input.length, 45);
  });
});
