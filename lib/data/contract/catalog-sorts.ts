/**
 * The orders a type's listing can be shown in (the shopper's sort), each with
 * ties broken by id ascending (../rules/catalog-order.ts says each as a
 * comparison). A module of its own, importing nothing: proxy.ts reads it
 * (through lib/catalog/listing-sort.ts) without the contract's schemas.
 */
export const CATALOG_SORTS = ["newest", "price-asc", "price-desc", "name-asc"] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];
