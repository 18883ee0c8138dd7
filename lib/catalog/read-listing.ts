/**
 * A category's numbered pages (listing-pages.ts) as read.ts reads the
 * catalogue: each page one cache entry sized to what it shows, whose miss
 * reads that page only (Store.listProductsPageAt: the first page an ordered,
 * limited query; page N the same after an offset of N - 1 pages, on
 * Firestore billed as reads: docs/FIRESTORE.md) and those products' stock.
 * The type's count is an entry of its own (an aggregation count); a
 * filtered view's pages and count are entries per filter (filteredPageCached). Every
 * page of a type, in every order, carries the type's listing tag (an add, a
 * delete or a move of a product of that type expires them all), and those
 * ordered by price or name its reorder tag too (any edit of one of its
 * products may move it there): tags.ts, typeListing.
 */
import "server-only";
import { getStore } from "@/lib/data";
import { CATALOG_SORTS, productTypeSchema, type CatalogSort, type ProductType } from "@/lib/data/contract/catalog";
import { NO_FILTER, isFiltered, type CatalogFilter } from "@/lib/data/contract/catalog-filters";
import { catalogFilterSchema } from "@/lib/data/contract/catalog-store";
import { categoryOf } from "./categories";
import { categoryPageStart, isPageNumber } from "./listing-pages";
import { orThrow, unlessUnavailable, type Unavailable } from "./unavailable-read";
import { NOTHING_SHOWN, cachedAs, readProducts, readStockShown, type ShownProducts } from "./read";
import { CATALOG_TAG, NOTHING_FOUND_TAG, listingTags, typeListing, typeTag } from "./tags";

/** One page of a category's listing: its products, what their cards show of stock, and how many products the type holds. */
export interface ListingPage extends ShownProducts {
  total: number;
}

const NO_PAGE: ListingPage = { ...NOTHING_SHOWN, total: 0 };

/**
 * Page `page` (1..) of `type`'s listing in `sort`, narrowed by `filter`, as
 * many products as the category's page shows; `total` counts what the
 * filter lets through.
 */
export async function getListingPage(
  type: ProductType,
  sort: CatalogSort,
  page: number,
  filter: CatalogFilter = NO_FILTER,
): Promise<ListingPage> {
  if (!isListingPage(type, sort, page)) return NO_PAGE;
  if (isFiltered(filter)) {
    const [shown, total] = await Promise.all([filteredPageCached(type, sort, page, filter), filteredCountCached(type, filter)]);
    return { ...shown, total: orThrow(total) };
  }
  const [shown, total] = await Promise.all([listingPageCached(type, sort, page), typeCountCached(type)]);
  return { ...shown, total };
}

// Checked again inside each 'use cache' function: anyone can call one over HTTP (read.ts).
const isListingPage = (type: unknown, sort: unknown, page: unknown) =>
  productTypeSchema.safeParse(type).success && CATALOG_SORTS.some((s) => s === sort) && isPageNumber(page);

/**
 * How many first pages a miss reads without counting first. Past a view's
 * last page its offset query finds nothing, having skipped (and on Firestore
 * billed) every product the view holds, as its last page does; a page past
 * these is counted first, and one that starts past the count reads nothing:
 * asked over HTTP, a made-up number costs at most these pages' offset. Within
 * them an uncached page waits for its own query only, not a count and then it.
 */
const PAGES_READ_UNCOUNTED = 10;

/**
 * Cached per type, sort and page; a miss is one ordered query of that page's
 * products and one read of their stock (past PAGES_READ_UNCOUNTED, after the
 * type's count).
 */
async function listingPageCached(type: ProductType, sort: CatalogSort, page: number): Promise<ShownProducts> {
  "use cache";
  if (!isListingPage(type, sort, page)) return NOTHING_SHOWN;
  const position = categoryPageStart(type, page);
  const listing = typeListing(type, sort);
  if (page > PAGES_READ_UNCOUNTED && position >= (await typeCountCached(type))) {
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

// A filter as the store's door takes it: anything else read over HTTP is refused there (invalid_input), so it is checked here first.
const isFilter = (filter: unknown): filter is CatalogFilter => catalogFilterSchema.safeParse(filter).success;

/**
 * Cached per type, sort, filter and page: one indexed query of that page
 * (Store.listFilteredProducts, an offset past the earlier pages; past
 * PAGES_READ_UNCOUNTED, after the filter's count) and one read of its
 * products' stock. Tagged with the filtered listing's tags
 * (tags.ts typeListing): a price range changes with any price edit of its
 * type, "in stock only" with any crossing of zero.
 */
async function filteredPageCached(type: ProductType, sort: CatalogSort, page: number, filter: CatalogFilter): Promise<ShownProducts> {
  "use cache";
  if (!isListingPage(type, sort, page) || !isFilter(filter)) return NOTHING_SHOWN;
  const position = categoryPageStart(type, page);
  const listing = typeListing(type, sort, filter);
  if (page > PAGES_READ_UNCOUNTED && position >= orThrow(await filteredCountCached(type, filter))) {
    cachedAs([...listingTags(listing, []), NOTHING_FOUND_TAG]);
    return NOTHING_SHOWN;
  }
  const store = await getStore();
  const products = await store.listFilteredProducts({ type, sort, filter, position, limit: categoryOf(type).pageSize });
  const ids = products.map((p) => p.id);
  // A filter that matches nothing: its page is not kept by the page cache (anyone can make up a price range).
  cachedAs([...listingTags(listing, ids), ...(ids.length === 0 ? [NOTHING_FOUND_TAG] : [])]);
  return { products, stock: await readStockShown(store, ids) };
}

/** How many of `type`'s products pass `filter` (0 for a filter it is not): a filtered view's title says it. */
export async function getFilteredCount(type: ProductType, filter: CatalogFilter): Promise<number> {
  return orThrow(await filteredCountCached(type, filter));
}

/**
 * How many of a type's products pass a filter: cached until a change that
 * can move one in or out. The view's title reads it as well as its page, so
 * a store that does not answer is a value here (unavailable-read.ts).
 */
async function filteredCountCached(type: ProductType, filter: CatalogFilter): Promise<number | Unavailable> {
  "use cache";
  if (!productTypeSchema.safeParse(type).success || !isFilter(filter)) return 0;
  return unlessUnavailable(async () => {
    const count = await (await getStore()).countFilteredProducts({ type, filter });
    cachedAs([CATALOG_TAG, ...typeListing(type, "newest", filter)]);
    return count;
  });
}
