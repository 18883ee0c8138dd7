import type { Product } from "./types";

/**
 * The one definition of "a product matches a search", shared by every adapter
 * so results never depend on the backend. Firestore has no substring search,
 * and the catalogue is small enough to filter in memory.
 */
export function matchesQuery(product: Product, query: string): boolean {
  const needle = normalizeSearchText(query);
  if (needle.length === 0) return false;
  return normalizeSearchText(product.name).includes(needle) || normalizeSearchText(product.details).includes(needle);
}

/** Unicode-normalised, lower case, inner whitespace collapsed, trimmed. */
export function normalizeSearchText(text: string): string {
  return text.normalize("NFKC").toLocaleLowerCase("en-US").replace(/\s+/g, " ").trim();
}
