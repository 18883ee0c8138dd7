// Which pages the self-hosted page cache keeps (route-cache.mjs). A
// stranger can ask for any number of made-up paths; the pages they get must
// not be kept, or each would take a place in the cache (and, before, a file
// on disk) until it expired:
// - a 404 (an unknown product's page, rendered by a prefetch or a deleted
//   product's own notFound()), but the site's own not-found page, one
//   page for every unknown path (`/_not-found`, which proxy.ts rewrites to);
// - a search that found nothing: its render carries NOTHING_FOUND_TAG
//   (lib/catalog/read.ts tags such a result; a tag of a 'use cache' entry
//   reaches the page's own tags).
// Pure: lib/catalog/tags.ts re-exports the tag, tests/route-cache.test.ts holds the rule.

/**
 * The most bytes of pages the page cache keeps in a process's memory
 * (next.config.ts cacheMaxMemorySize; Next's own default, named): the
 * least recently used page leaves first.
 */
export const ROUTE_CACHE_MAX_BYTES = 50 * 1024 * 1024;

/** The cache tag of a search result that found nothing. */
export const NOTHING_FOUND_TAG = "nothing-found";

/** The header Next keeps a page's cache tags in (next/dist/lib/constants NEXT_CACHE_TAGS_HEADER). */
const CACHE_TAGS_HEADER = "x-next-cache-tags";

/** Whether the page cache keeps `value` (Next's cache entry value) under `key` (its storage key). */
export function keptPage(key, value) {
  if (!value || (value.kind !== "APP_PAGE" && value.kind !== "APP_ROUTE")) return true;
  if (value.status === 404) return key.endsWith("/_not-found");
  const tags = value.headers?.[CACHE_TAGS_HEADER];
  return !(typeof tags === "string" && tags.split(",").includes(NOTHING_FOUND_TAG));
}
