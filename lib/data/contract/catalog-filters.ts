/**
 * What a type's listing can be narrowed to (the shopper's filters): a price
 * range in whole cents, either end open (null), both ends included, and
 * "in stock only" (a product whose stock is not tracked, or above 0:
 * ../rules/stock-shown.ts isInStock). A module of its own, importing
 * nothing: proxy.ts reads it (through lib/catalog/listing-filter.ts)
 * without the contract's schemas.
 */
export interface CatalogFilter {
  minCents: number | null;
  maxCents: number | null;
  inStockOnly: boolean;
}

/** No filter: the whole type. */
export const NO_FILTER: CatalogFilter = Object.freeze({ minCents: null, maxCents: null, inStockOnly: false });

/** Whether `filter` narrows the price (either end). */
export function hasPriceRange(filter: CatalogFilter): boolean {
  return filter.minCents !== null || filter.maxCents !== null;
}

/** Whether `filter` narrows anything. */
export function isFiltered(filter: CatalogFilter): boolean {
  return hasPriceRange(filter) || filter.inStockOnly;
}
