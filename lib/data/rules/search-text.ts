/**
 * Unicode-normalised, lower case, inner whitespace collapsed, trimmed: the
 * form of a query that decides its cached results (lib/catalog/search-query.ts).
 * Matching itself is search-keys.ts's and search-rank.ts's.
 */
export function normalizeSearchText(text: string): string {
  return text.normalize("NFKC").toLocaleLowerCase("en-US").replace(/\s+/g, " ").trim();
}
