/**
 * A search's forms (lib/catalog/search-query.ts, search-path.ts): the
 * normalised query that decides results, the path of its cached page, the
 * query read back from that path, and the bound every page path keeps so the
 * page cache can name its files (a file name holds at most 255 bytes); and
 * that proxy.ts sees every search path it must bound.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import * as pageStaticInfo from "next/dist/build/analysis/get-page-static-info";
import type { ProxyMatcher } from "next/dist/build/analysis/get-page-static-info";
import { config } from "@/proxy";
import { SEARCH_PATH_MAX, SEARCH_SEGMENT_MAX } from "@/lib/catalog/search-path";
import {
  boundedSearchPagePath,
  hasSearchWords,
  normalizeSearchQuery,
  queryFromSegments,
  searchPagePath,
  tidySearchQuery,
} from "@/lib/catalog/search-query";
import { FUZZ_SEED } from "./helpers/bad-inputs";

const CJK_100 = "検索語".repeat(34).slice(0, 100);
const EMOJI_100 = "😀🎧🚲".repeat(34).slice(0, 100 * 2);

// How the build turns proxy.ts's matcher into the regular expressions Next tests each path with (not in Next's types).
const { getMiddlewareMatchers } = pageStaticInfo as unknown as {
  getMiddlewareMatchers(matcher: unknown, nextConfig: object): ProxyMatcher[];
};

/** The escaped segments of a search page's path. */
const segmentsOf = (path: string) => path.slice("/search/".length).split("/");

/** What a path of this query must spell: the query tidied and cut, half a surrogate pair read as U+FFFD (as a URL has it). */
const expectedQuery = (raw: string) =>
  tidySearchQuery(raw).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");

describe("normalizeSearchQuery", () => {
  it("lower-cases, trims and collapses whitespace so equal queries share a cache entry", () => {
    assert.equal(normalizeSearchQuery("  Wireless\t  HEADPHONES "), "wireless headphones");
    assert.equal(normalizeSearchQuery("Ｗｉｒｅｌｅｓｓ"), "wireless");
  });

  it("is empty for blank input and at most 100 characters, never cut inside an emoji", () => {
    assert.equal(normalizeSearchQuery("   "), "");
    assert.equal(normalizeSearchQuery("a".repeat(300)).length, 100);
    assert.equal(normalizeSearchQuery(`a${"😀".repeat(60)}`), `a${"😀".repeat(49)}`);
  });
});

describe("hasSearchWords", () => {
  it("is false for a query of signs alone, which no product's search keys can match, and true once it holds a letter or a digit", () => {
    for (const query of ["~", "--", "%_ !", ""]) assert.equal(hasSearchWords(query), false, query);
    for (const query of ["usb", "~4k", "café"]) assert.equal(hasSearchWords(query), true, query);
  });
});

describe("searchPagePath", () => {
  it("names one cached page per query as typed, tidied, every character escaped into one path segment", () => {
    assert.equal(searchPagePath("  USB   Cable "), "/search/USB%20Cable");
    assert.equal(searchPagePath("usb\tcable"), "/search/usb%20cable");
    assert.equal(searchPagePath("a/b?c#d%e&f"), "/search/a%2Fb%3Fc%23d%25e%26f");
    assert.equal(searchPagePath("a".repeat(300)), `/search/${"a".repeat(100)}`);
  });

  it("is null without a query, so /search itself shows the empty form", () => {
    for (const raw of [null, "", "   ", "\t\n"]) assert.equal(searchPagePath(raw), null, JSON.stringify(raw));
  });

  it("cuts a long escaped query between characters into segments short enough for a file name", () => {
    const cjk = searchPagePath(CJK_100)!;
    assert.deepEqual(
      segmentsOf(cjk).map((s) => s.length),
      [117, 117, 117, 117, 117, 117, 117, 81],
    );
    assert.equal(cjk.length - "/search/".length, 907);
    assert.equal(queryFromSegments(segmentsOf(cjk)), CJK_100);

    const emoji = searchPagePath(EMOJI_100)!;
    assert.deepEqual(
      segmentsOf(emoji).map((s) => s.length),
      [120, 120, 120, 120, 120],
    );
    assert.equal(queryFromSegments(segmentsOf(emoji)), EMOJI_100.slice(0, 100));
  });

  it("never cuts inside an emoji, nor escapes half of one", () => {
    const path = searchPagePath(`a${"😀".repeat(100)}`)!;
    assert.equal(queryFromSegments(segmentsOf(path)), `a${"😀".repeat(49)}`);
    assert.equal(searchPagePath("x\ud83dy"), "/search/x%EF%BF%BDy");
  });

  it("keeps every query in bounded segments that spell it back", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom("検", "😀", "%", " ", "/", "\ud83d", "\ude00"),
            fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
          ),
          maxLength: 300,
        }),
        (raw) => {
          const path = searchPagePath(raw);
          if (path === null) return;
          const segments = segmentsOf(path);
          assert.ok(
            segments.every((s) => s.length > 0 && s.length <= SEARCH_SEGMENT_MAX),
            path,
          );
          assert.ok(path.length - "/search/".length <= SEARCH_PATH_MAX, path);
          assert.equal(queryFromSegments(segments), expectedQuery(raw));
          assert.equal(boundedSearchPagePath(path), null, "a page the shop makes is served as it is");
        },
      ),
      { seed: FUZZ_SEED, numRuns: 2_000 },
    );
  });
});

describe("queryFromSegments", () => {
  it("undoes searchPagePath's escaping, whatever the query held", () => {
    for (const query of ["USB cable", "a/b?c#d%e&f", "100% wool", "zz%41", "ünïcödé", CJK_100]) {
      assert.equal(queryFromSegments(segmentsOf(searchPagePath(query)!)), query, query);
    }
  });

  it("takes hand-typed segments with a broken escape as they are", () => {
    assert.equal(queryFromSegments(["100%"]), "100%");
    assert.equal(queryFromSegments(["a", "b"]), "ab");
  });
});

describe("boundedSearchPagePath", () => {
  it("sends a hand-made path too long to cache to its query's own page", () => {
    const oneSegment = `/search/${encodeURIComponent(CJK_100)}`;
    assert.equal(boundedSearchPagePath(oneSegment), searchPagePath(CJK_100));
    assert.equal(boundedSearchPagePath(`/search/${"a".repeat(121)}`), `/search/${"a".repeat(100)}`);
    assert.equal(boundedSearchPagePath(`/search/${"a/".repeat(600)}`), `/search/${"a".repeat(100)}`);
    assert.equal(boundedSearchPagePath(`/search/${"%20/".repeat(300)}`), "/search");
  });

  it("leaves paths within the bounds alone", () => {
    for (const path of ["/search/usb", "/search/a/b", `/search/${"a".repeat(SEARCH_SEGMENT_MAX)}`, `/search/${"a/".repeat(512)}`]) {
      assert.equal(boundedSearchPagePath(path), null, path);
    }
  });

  it("runs for every path it would move: proxy.ts's matcher sends them all, and every other search page (each counts against the search limit)", () => {
    // The entries that match on the path alone (the others also need a header, a cookie or a query).
    const matchers = getMiddlewareMatchers(config.matcher, {})
      .filter((m) => !m.has && !m.missing)
      .map((m) => new RegExp(m.regexp));
    const seen = (path: string) => matchers.some((re) => re.test(path));
    const moved = [
      `/search/${encodeURIComponent(CJK_100)}`,
      `/search/${"a".repeat(121)}`,
      `/search/x/${"a".repeat(121)}`,
      `/search/${"a/".repeat(513)}`,
    ];
    for (const path of moved) {
      assert.notEqual(boundedSearchPagePath(path), null, path);
      assert.ok(seen(path), `proxy.ts never sees ${path.slice(0, 40)}…`);
    }
    // A plain query's page is a search by another door (issue 38, item 15): the proxy counts it too.
    for (const path of ["/search/usb", "/search/a/b", `/search/${"a".repeat(SEARCH_SEGMENT_MAX)}`]) assert.equal(seen(path), true, path);
    assert.equal(seen("/searching"), false);
  });
});
