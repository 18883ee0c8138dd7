/**
 * Where a search is shown, pure and import-free so the search forms can use
 * it in the browser: /search/<query>, the query's own page, which the page
 * cache keeps after its first render (app/search/[...q]/page.tsx). The forms
 * navigate there directly; without JavaScript they send /search?q=…, which
 * proxy.ts rewrites to the same page (lib/catalog/search-query.ts).
 *
 * The page cache stores a page in files named after its path: a folder per
 * segment and, for the last one, that segment with a suffix (".html",
 * ".meta", ".segments"). A file name holds at most 255 bytes (143 on
 * eCryptfs), and one CJK character is nine once escaped: a query of 100 of
 * them in one segment could not be cached. So the escaped query is cut,
 * between characters, into segments of at most SEARCH_SEGMENT_MAX characters;
 * the page joins them again. Every query the shop takes (at most 100 UTF-16
 * units) fits in SEARCH_PATH_MAX characters after "/search/".
 */

/** The longest segment of a search page's path. */
export const SEARCH_SEGMENT_MAX = 120;
/** The longest search page's path after "/search/" (a 100-character CJK query needs 907). */
export const SEARCH_PATH_MAX = 1024;

/** The query as typed, tidied: whitespace collapsed and trimmed. */
export function tidySearchText(raw: string): string {
  return raw.replace(/\s+/g, " ").trim();
}

/** The page of an already tidied query; /search itself for none. */
export function searchPath(query: string): string {
  if (!query) return "/search";
  const segments: string[] = [];
  let segment = "";
  for (const char of query) {
    const escaped = escapeChar(char);
    if (segment.length + escaped.length > SEARCH_SEGMENT_MAX) {
      segments.push(segment);
      segment = "";
    }
    segment += escaped;
  }
  segments.push(segment);
  return `/search/${segments.join("/")}`;
}

/** One character escaped for a path segment; half a surrogate pair is U+FFFD, as a browser's URL has it. */
function escapeChar(char: string): string {
  return char.length === 1 && char >= "\ud800" && char <= "\udfff" ? "%EF%BF%BD" : encodeURIComponent(char);
}
