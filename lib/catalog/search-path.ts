/**
 * Where a search is shown, pure and import-free so the search forms can use
 * it in the browser: /search/<query>, the query's own page, which the page
 * cache keeps after its first render (app/search/[q]/page.tsx). The forms
 * navigate there directly; without JavaScript they send /search?q=…, which
 * proxy.ts rewrites to the same page (lib/catalog/search-query.ts).
 */

/** The query as typed, tidied: whitespace collapsed and trimmed. */
export function tidySearchText(raw: string): string {
  return raw.replace(/\s+/g, " ").trim();
}

/** The page of an already tidied query; /search itself for none. Every character is escaped into one path segment. */
export function searchPath(query: string): string {
  return query ? `/search/${encodeURIComponent(query)}` : "/search";
}
