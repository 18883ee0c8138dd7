import type { Product } from "./types";

/**
 * The one definition of "a product matches a search", shared by every adapter
 * so results never depend on the backend. Firestore has no substring search,
 * and the catalogue is small enough to filter in memory.
 */
export function matchesQuery(product: Product, query: string): boolean {
  const needle = normalize(query);
  if (needle.length === 0) return false;
  return normalize(product.name).includes(needle) || normalize(product.details).includes(needle);
}

function normalize(text: string): string {
  return text.normalize("NFKC").toLocaleLowerCase("en-US").replace(/\s+/g, " ").trim();
}
