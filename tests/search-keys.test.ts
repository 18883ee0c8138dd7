/**
 * The search keys a product stores and a query looks up (lib/data/rules/search-keys.ts),
 * and the ranking every adapter shares (lib/data/rules/search-rank.ts): pure, so
 * checked here without a store; tests/store-contract/search.ts holds both
 * adapters to the same results.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  QUERY_KEYS_MAX,
  SEARCH_KEYS_VERSION,
  productSearchFields,
  productSearchKeys,
  querySearchKeys,
  searchWords,
} from "@/lib/data/rules/search-keys";
import { rankProducts, runSearchSync, type CandidateQuery } from "@/lib/data/rules/search-rank";
import type { Product } from "@/lib/data/contract/catalog";
import { product } from "./helpers/fixtures";

const headphones = product("h", 1000, "Electronics", {
  name: "Aurora ANC Wireless Headphones",
  details: "Over-ear headphones with noise cancelling.",
});
const earbuds = product("e", 2000, "Electronics", { name: "Airlet Pro Wireless Earbuds", details: "True wireless earbuds." });
const watch = product("w", 3000, "Accessories", { name: "Meridian Automatic Watch", details: "A self-winding watch." });
const daypack = product("d", 4000, "Accessories", { name: "Trailpack 22L Daypack", details: "A padded laptop sleeve." });
const all = [headphones, earbuds, watch, daypack];

/** Whether any of a query's name or details keys is one of the product's. */
const found = (query: string, p: Product) => {
  const keys = new Set(productSearchKeys(p));
  const { name, details } = querySearchKeys(query);
  return [...name, ...details].some((key) => keys.has(key));
};

describe("search words", () => {
  it("are unaccented, lower case, split on anything but letters and digits", () => {
    assert.deepEqual(searchWords("  Café-Crème, 22L  ＵＳＢ!"), ["cafe", "creme", "22l", "usb"]);
    assert.deepEqual(searchWords("%_ -- !"), []);
  });
});

describe("a product's stored keys", () => {
  it("hold name stems, prefixes, phonetic codes and one-letter deletions, and details stems", () => {
    const keys = productSearchKeys(watch);
    for (const key of ["n:watch", "p:wa", "p:watch", "p:meridian", "m:wAX", "d:wach", "d:atch", "x:self", "x:wind", "x:watch"]) {
      assert.ok(keys.includes(key), key);
    }
    assert.ok(!keys.includes("p:w"), "no one-letter prefix");
    assert.ok(!keys.some((key) => key.startsWith("d:") && key.length < 6), "no deletions of short words");
    assert.deepEqual(keys, [...new Set(keys)].sort(), "sorted and unique");
  });

  it("come with the version a backfill and doctor compare", () => {
    assert.deepEqual(productSearchFields(watch), { searchKeys: productSearchKeys(watch), searchKeysVersion: SEARCH_KEYS_VERSION });
  });

  it("stay within Firestore's bounds for the longest product the shop accepts", () => {
    const keys = productSearchKeys({ name: "Supercalifragilistic ".repeat(5).trim(), details: "word ".repeat(400) });
    assert.ok(keys.length < 200, `${keys.length} keys`);
  });
});

describe("a query's keys", () => {
  it("find typos, plurals, capitals, prefixes and words written apart", () => {
    assert.ok(found("headphnes", headphones), "a missing letter");
    assert.ok(found("headfones", headphones), "letters that sound alike");
    assert.ok(found("watches", watch), "a plural");
    assert.ok(found("Laptops", daypack), "a plural in the details, capitalised");
    assert.ok(found("ear buds", earbuds), "two words for one");
    assert.ok(found("merid", watch), "a prefix");
    assert.ok(!found("headphnes", watch));
    assert.ok(!found("laptops", headphones));
  });

  it("are at most what one array-contains-any takes, exact and prefix keys first", () => {
    const { name, details } = querySearchKeys("alpha beta gamma delta epsilon zeta theta iota kappa lambda");
    assert.equal(name.length, QUERY_KEYS_MAX);
    assert.ok(details.length <= QUERY_KEYS_MAX);
    assert.deepEqual(name.slice(0, 2), ["n:alpha", "p:alpha"]);
    assert.ok(!name.some((key) => key.startsWith("m:")), "typo keys go first when there is no room");
  });

  it("are none for a query without words", () => {
    assert.deepEqual(querySearchKeys(" %_ "), { name: [], details: [] });
  });
});

describe("ranking", () => {
  it("puts a whole name word before a prefix, a typo and a details word, newest first among equals", () => {
    const garden = product("g1", 1000, "Book", { name: "Garden Journal", details: "Pages." });
    const gardenia = product("g2", 5000, "Book", { name: "Gardenia Seeds", details: "Seeds." });
    const gardn = product("g3", 6000, "Book", { name: "Gardne Gnome", details: "Clay." });
    const inDetails = product("g4", 7000, "Book", { name: "Trowel", details: "For the garden." });
    const newerGarden = product("g5", 2000, "Book", { name: "Gardens Hose", details: "Rubber." });
    assert.deepEqual(
      rankProducts("garden", [inDetails, gardn, gardenia, garden, newerGarden]).map((p) => p.id),
      ["g5", "g1", "g2", "g3", "g4"],
    );
  });

  it("puts products matching more words first, and leaves out those matching none", () => {
    assert.deepEqual(
      rankProducts("wireless earbuds", all).map((p) => p.id),
      ["e", "h"],
    );
    assert.deepEqual(
      rankProducts("ear buds", all).map((p) => p.id),
      ["e", "h"],
    );
  });

  it("reads names first and details only when the names do not fill the page", () => {
    const asked: CandidateQuery[] = [];
    const fetch = (request: CandidateQuery) => {
      asked.push(request);
      const keys = new Set(request.keys);
      return all.filter((p) => productSearchKeys(p).some((key) => keys.has(key))).sort((a, b) => b.createdAt - a.createdAt);
    };
    assert.deepEqual(
      runSearchSync("wireless", { type: null, limit: 1 }, fetch).map((p) => p.id),
      ["e"],
    );
    assert.equal(asked.length, 1, "the names filled the page");
    asked.length = 0;
    assert.deepEqual(
      runSearchSync("laptop", { type: null, limit: 48 }, fetch).map((p) => p.id),
      ["d"],
    );
    assert.equal(asked.length, 2, "then the details");
    assert.ok(asked[1].keys.every((key) => key.startsWith("x:")));
    asked.length = 0;
    assert.deepEqual(runSearchSync("  ", { type: null, limit: 48 }, fetch), []);
    assert.equal(asked.length, 0, "an empty query reads nothing");
  });
});
