/**
 * The search query in the forms the shop uses, pure so the proxy can use
 * them too: the normalised text that decides results (and so the cached
 * result lists), and the path of the per-query page that /search?q=… is
 * served from (app/search/[...q]/page.tsx, search-path.ts).
 */
import { searchWords } from "@/lib/data/rules/search-keys";
import { normalizeSearchText } from "@/lib/data/rules/search-text";
import { LIMITS } from "@/lib/data/contract/limits";
import { SEARCH_PATH_MAX, SEARCH_SEGMENT_MAX, searchPath, tidySearchText } from "./search-path";

const PAGE_PREFIX = "/search/";

/**
 * The form of a query that decides its results (the store's own matching
 * rule, cut to the longest query it takes): "  USB Cable" and "usb cable"
 * share one cached result list (each still has a page of its own).
 */
export function normalizeSearchQuery(raw: string): string {
  return cutToQueryMax(normalizeSearchText(raw)).trim();
}

/** Whether a query holds a word the store's search keys are made of: one that holds none ("~", "--") can match no product. */
export function hasSearchWords(query: string): boolean {
  return searchWords(query).length > 0;
}

/**
 * The query as the shopper typed it, tidied (search-path.ts) and cut to the
 * longest query the store takes. The page shows it as typed ("Search results
 * for “USB”"), so case variants are pages of their own; they still share one
 * cached result list (normalizeSearchQuery).
 */
export function tidySearchQuery(raw: string): string {
  return cutToQueryMax(tidySearchText(raw)).trim();
}

/** The text cut to the longest query the store takes, never between the two halves of an emoji. */
function cutToQueryMax(text: string): string {
  const cut = text.slice(0, LIMITS.queryMax);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The cached page of a search (/search/usb%20cable), or null when there is nothing to search for. */
export function searchPagePath(raw: string | null): string | null {
  const query = tidySearchQuery(raw ?? "");
  return normalizeSearchQuery(query) ? searchPath(query) : null;
}

/**
 * The query back from its page's path segments. Next hands them over still
 * escaped (as searchPagePath made them); joined, one decode undoes that,
 * whichever characters the cuts fell between. Segments typed by hand with a
 * broken escape are taken as they are.
 */
export function queryFromSegments(segments: readonly string[]): string {
  const joined = segments.join("");
  try {
    return decodeURIComponent(joined);
  } catch {
    return joined;
  }
}

/**
 * Where a search page's (raw, escaped) path should be served from instead,
 * or null when it can be served as it is: a path no longer than any page
 * searchPagePath makes. A longer one, typed by hand, would have the page
 * cache write a file name or path the file system refuses; it is the page of
 * the query it spells (cut to the longest query), or /search for none.
 */
export function boundedSearchPagePath(pathname: string): string | null {
  const rest = pathname.slice(PAGE_PREFIX.length);
  const segments = rest.split("/");
  if (rest.length <= SEARCH_PATH_MAX && segments.every((segment) => segment.length <= SEARCH_SEGMENT_MAX)) return null;
  return searchPagePath(queryFromSegments(segments)) ?? "/search";
}
