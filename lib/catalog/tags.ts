/**
 * The catalogue cache's tags: what a cached read shows, and what a change
 * expires. A cached read is tagged with
 * - CATALOG_TAG, which every catalogue entry carries (a change of anything,
 *   such as an import, expires them all);
 * - its listing: home's newest (`newest`), every page of a type's listing
 *   in every order and its count (`type:Book`), and besides, those in an
 *   order by price or name or narrowed to a price range (`reorder:Book`),
 *   those "in stock only" (`in-stock`, which search results of more than
 *   PRODUCT_TAGGED_MAX products carry too), search results (`search`), the
 *   sitemap (`sitemap`);
 * - each product it shows (`product:<id>`), so an edit expires exactly the
 *   pages that show that product.
 * A change (Store.getCatalogChanges, lib/data/rules/catalog-changes.ts) expires the
 * tags of what it changed: an edit of one Book expires its product page,
 * every list that shows it, search and the sitemap, never another type's
 * page or another product's page, and its type's lists by price or name
 * (its new price or name may move it onto a page that did not show it); an
 * add or delete also expires the newest lists and all its type's.
 * Pure: the cache handlers, the live stream and the tests share it.
 */
import type { CatalogChange, CatalogSort, ProductType } from "@/lib/data/contract/catalog";
import { NO_FILTER, hasPriceRange, type CatalogFilter } from "@/lib/data/contract/catalog-filters";
import { isEditInPlace } from "@/lib/data/rules/catalog-changes";

/**
 * The tag of a search result that found nothing: the page showing it is not
 * kept by the self-hosted page cache (cache-handlers/kept-pages.mjs), so
 * made-up queries take no room there. No change expires it (LISTING_TAG.search does).
 */
export { NOTHING_FOUND_TAG } from "@/cache-handlers/kept-pages.mjs";

export const CATALOG_TAG = "catalog";

export const LISTING_TAG = {
  newest: "newest",
  search: "search",
  sitemap: "sitemap",
} as const;

export function typeTag(type: ProductType): string {
  return `type:${type}`;
}

/** The pages of a type's listing in an order by price or name: an edit in place can move a product between them. */
function reorderTag(type: ProductType): string {
  return `reorder:${type}`;
}

/** The listing tags of a type's page in `sort`, narrowed by `filter` (none by default). */
export function typeListing(type: ProductType, sort: CatalogSort, filter: CatalogFilter = NO_FILTER): string[] {
  // A price range, like an order by price, changes with any edit of a price.
  const reorders = sort !== "newest" || hasPriceRange(filter);
  return [typeTag(type), ...(reorders ? [reorderTag(type)] : []), ...(filter.inStockOnly ? [IN_STOCK_TAG] : [])];
}

/**
 * Every type's pages "in stock only": a stock write that crosses zero
 * changes which products they show. The stock feed names the products whose
 * shown stock changed, not their type nor whether they crossed zero, so
 * every such change expires them all (stockTags); such a change comes at
 * most LOW_STOCK_MAX + 1 times per product between restocks.
 */
const IN_STOCK_TAG = "in-stock";

/** The tags a change of some products' shown stock expires: each product's, and the pages "in stock only". */
export function stockTags(productIds: readonly string[]): string[] {
  return productIds.length === 0 ? [] : [...new Set(productIds)].map(productTag).concat(IN_STOCK_TAG);
}

export function productTag(id: string): string {
  return `product:${id}`;
}

/**
 * A cached list is tagged with each product it shows only up to this many
 * (Next takes at most 128 tags per entry); a longer list (the build's
 * prerendered ids) changes only with its listing, never with an edit.
 */
export const PRODUCT_TAGGED_MAX = 100;

/** The tags of a list of products as a page shows it. */
export function listingTags(listing: string | readonly string[], productIds: readonly string[]): string[] {
  const products = productIds.length <= PRODUCT_TAGGED_MAX ? productIds.map(productTag) : [];
  return [CATALOG_TAG, ...(typeof listing === "string" ? [listing] : listing), ...products];
}

/**
 * The tags of a search's results: every change expires them (LISTING_TAG.search).
 * Their cards and their "in stock only" views read their stock, which a
 * product's tag covers; a list too long to carry each product's tag carries
 * the tag every change of shown stock expires (IN_STOCK_TAG) instead.
 */
export function searchTags(productIds: readonly string[]): string[] {
  const stock = productIds.length > PRODUCT_TAGGED_MAX ? [IN_STOCK_TAG] : [];
  return listingTags([LISTING_TAG.search, ...stock], productIds);
}

/** The tags one change expires. */
export function tagsOfChange(change: Omit<CatalogChange, "version">): string[] {
  if (change.products === null) return [CATALOG_TAG];
  const typeTags = change.types.map(isEditInPlace(change) ? reorderTag : typeTag);
  const tags = [...change.products.map(productTag), LISTING_TAG.search, LISTING_TAG.sitemap, ...typeTags];
  if (change.listed) tags.push(LISTING_TAG.newest);
  return tags;
}

/** What a change expired: the catalogue's version after it, and its tags; the feed and the live stream tell it so. */
export interface CatalogNotice {
  version: number;
  tags: string[];
}

/** One change as the live stream and the feed tell it. */
export function noticeOfChange(change: CatalogChange): CatalogNotice {
  return { version: change.version, tags: tagsOfChanges([change]) };
}

/** The tags a run of changes expires; null (more changed than is kept) expires everything. */
export function tagsOfChanges(changes: readonly Omit<CatalogChange, "version">[] | null): string[] {
  if (changes === null) return [CATALOG_TAG];
  return [...new Set(changes.flatMap(tagsOfChange))];
}
