/**
 * A category page's sort, as the shopper sees and addresses it: the words of
 * each order (CatalogSort, lib/data/contract/catalog.ts), and its address,
 * `/electronics?sort=price-asc`, a GET form's own, so a sorted view works
 * without JavaScript and can be shared and bookmarked (listing-route.ts
 * serves it). An address with a `sort` the shop does not know is the plain
 * listing. Every sorted view names the plain listing as its canonical
 * address. Pure: proxy.ts and the pages read it.
 */
import { CATALOG_SORTS, type CatalogSort } from "@/lib/data/contract/catalog-sorts";

/** The sorts a category offers, in the form's order (newest, the default, first). */
export const LISTING_SORTS: readonly CatalogSort[] = CATALOG_SORTS;

/** The query parameter the sort form sends. */
export const SORT_PARAM = "sort";

/** What the sort form says of each order; newest is the default. */
export const SORT_LABELS: Readonly<Record<CatalogSort, string>> = {
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  "name-asc": "Name: A to Z",
};

/** `value` as a sort, or null when it names none. */
export function parseListingSort(value: unknown): CatalogSort | null {
  return LISTING_SORTS.find((sort) => sort === value) ?? null;
}
