/**
 * What search, category and details pages show, computed from the whole
 * catalogue in memory (the cached `getCatalog()`), so a page that misses its
 * cache costs no store read. The catalogue is already in the store's order
 * (newest first, ties by id), and filtering keeps that order; matching is the
 * store's own rule (`matchesQuery`), so results are the ones the store's
 * searchProducts / listProductsByType would give.
 */
import type { Product, ProductType } from "@/lib/data/types";
import { matchesQuery } from "@/lib/data/search";

/** Products of one type, in catalogue order, at most `limit`. */
export function productsOfType(catalog: readonly Product[], type: ProductType, limit: number): Product[] {
  return firstMatching(catalog, (product) => product.type === type, limit);
}

/** Products whose name or details contain the query, in catalogue order, at most `limit`; [] for an empty query. */
export function productsMatching(catalog: readonly Product[], query: string, limit: number): Product[] {
  return firstMatching(catalog, (product) => matchesQuery(product, query), limit);
}

/** The first `limit` products that pass, in catalogue order, stopping as soon as there are enough. */
function firstMatching(catalog: readonly Product[], passes: (product: Product) => boolean, limit: number): Product[] {
  const found: Product[] = [];
  for (const product of catalog) {
    if (found.length >= limit) break;
    if (passes(product)) found.push(product);
  }
  return found;
}

/** The product with this id, or null. */
export function productWithId(catalog: readonly Product[], id: string): Product | null {
  return catalog.find((product) => product.id === id) ?? null;
}
