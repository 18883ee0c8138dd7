/**
 * The search query in the forms the shop uses, pure so the proxy can use
 * them too: the normalised text that decides results (and so the cached
 * result lists), and the path of the per-query page that /search?q=… is
 * served from (app/search/[q]/page.tsx).
 */
import { normalizeSearchText } from "@/lib/data/search";
import { LIMITS } from "@/lib/data/validation";
import { searchPath, tidySearchText } from "./search-path";

/**
 * The form of a query that decides its results (the store's own matching
 * rule, cut to the longest query it takes): "  USB Cable" and "usb cable"
 * share one cached result list (each still has a page of its own).
 */
export function normalizeSearchQuery(raw: string): string {
  return normalizeSearchText(raw).slice(0, LIMITS.queryMax).trim();
}

/**
 * The query as the shopper typed it, tidied (search-path.ts) and cut to the
 * longest query the store takes. The page shows it as typed ("Search results
 * for “USB”"), so case variants are pages of their own; they still share one
 * cached result list (normalizeSearchQuery).
 */
export function tidySearchQuery(raw: string): string {
  return tidySearchText(raw).slice(0, LIMITS.queryMax).trim();
}

/** The cached page of a search (/search/usb%20cable), or null when there is nothing to search for. */
export function searchPagePath(raw: string | null): string | null {
  const query = tidySearchQuery(raw ?? "");
  return normalizeSearchQuery(query) ? searchPath(query) : null;
}

/**
 * The query back from its page's path segment. Next hands the segment over
 * still escaped (as searchPagePath made it); one decode undoes that. A
 * segment typed by hand with a broken escape is taken as it is.
 */
export function queryFromSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
