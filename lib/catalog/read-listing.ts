/**
 * A category's numbered pages (listing-pages.ts) as read.ts reads the
 * catalogue: each page one cache entry sized to what it shows, whose miss
 * reads that page only (Store.listProductsPageAt: the first page an ordered,
 * limited query; page N the same after an offset of N - 1 pages, on
 * Firestore billed as reads: docs/FIRESTORE.md) and those products' stock.
 * The type's count is an entry of its own (an aggregation count). Every
 * page of a type, in every order, carries the type's listing tag (an add, a
 * delete or a move of a product of that type expires them all), and those
 * ordered by price or name its reorder tag too (any edit of one of its
 * products may move it there): tags.ts, typeListing.
 */
import "server-only";
import { getStore } from "@/lib/data";
import { CATALOG_SORTS, productTypeSchema, type CatalogSort, type ProductType } from "@/lib/data/contract/catalog";
import { categoryOf } from "./categories";
import { categoryPageStart, isPageNumber } from "./listing-pages";
import { NOTHING_SHOWN, cachedAs, readProducts, readStockShown, type ShownProducts } from "./read";
import { CATALOG_TAG, listingTags, typeListing, typeTag } from "./tags";

/** One page of a category's listing: its products, what their cards show of stock, and how many products the type holds. */
export interface ListingPage extends ShownProducts {
  total: number;
}

const NO_PAGE: ListingPage = { ...NOTHING_SHOWN, total: 0 };

/** Page `page` (1..) of `type`'s listing in `sort`, as many products as the category's page shows. */
export async function getListingPage(type: ProductType, sort: CatalogSort, page: number): Promise<ListingPage> {
  if (!isListingPage(type, sort, page)) return NO_PAGE;
  const [shown, total] = await Promise.all([listingPageCached(type, sort, page), typeCountCached(type)]);
  return { ...shown, total };
}

// Checked again inside each 'use cache' function: anyone can call one over HTTP (read.ts).
const isListingPage = (type: unknown, sort: unknown, page: unknown) =>
  productTypeSchema.safeParse(type).success && CATALOG_SORTS.some((s) => s === sort) && isPageNumber(page);

/**
 * Cached per type, sort and page; a miss is one ordered query of that page's
 * products and one read of their stock. A page that starts past the type's
 * count reads nothing (asked over HTTP, a made-up number would otherwise
 * cost an offset over the whole type).
 */
async function listingPageCached(type: ProductType, sort: CatalogSort, page: number): Promise<ShownProducts> {
  "use cache";
  if (!isListingPage(type, sort, page)) return NOTHING_SHOWN;
  const position = categoryPageStart(type, page);
  const listing = typeListing(type, sort);
  if (position > 0 && position >= (await typeCountCached(type))) {
    cachedAs(listingTags(listing, []));
    return NOTHING_SHOWN;
  }
  const products = await readProducts(type, categoryOf(type).pageSize, sort, (store, limit, final) =>
    position === 0
      ? store.listProductsPage({ type, sort, limit, after: null, final })
      : store.listProductsPageAt({ type, sort, position, limit }),
  );
  const ids = products.map((p) => p.id);
  cachedAs(listingTags(listing, ids));
  return { products, stock: await readStockShown(await getStore(), ids) };
}

/** How many products a type holds: cached until a change of that type. */
async function typeCountCached(type: ProductType): Promise<number> {
  "use cache";
  if (!productTypeSchema.safeParse(type).success) return 0;
  cachedAs([CATALOG_TAG, typeTag(type)]);
  return (await getStore()).countProducts(type);
}
