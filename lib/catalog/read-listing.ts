/**
 * A category's numbered pages (listing-pages.ts) as read.ts reads the
 * catalogue: each page one cache entry sized to what it shows, whose miss
 * reads that page only and those products' stock. Page N's query starts
 * where page N - 1 ended, at the cursor its cache entry keeps (read first,
 * or filled first when it is not cached), so a shopper paging on makes each
 * page read its own products, never the ones before it (on Firestore an
 * offset is billed as a read for every product it skips: docs/FIRESTORE.md).
 * Past PAGES_CHAINED a page is an offset, after the view's count.
 * The type's count is an entry of its own (an aggregation count); a
 * filtered view's pages and count are entries per filter (filteredPageCached). Every
 * page of a type, in every order, carries the type's listing tag (an add, a
 * delete or a move of a product of that type expires them all), and those
 * ordered by price or name its reorder tag too (any edit of one of its
 * products may move it there): tags.ts, typeListing. A page read after the
 * one before it carries that page's tags too (a nested cache entry's tags
 * are its caller's), so it expires whenever its starting point may move.
 */
import "server-only";
import { getStore } from "@/lib/data";
import { CATALOG_SORTS, productTypeSchema, type CatalogSort, type ProductType } from "@/lib/data/contract/catalog";
import { NO_FILTER, isFiltered, type CatalogFilter } from "@/lib/data/contract/catalog-filters";
import { catalogFilterSchema } from "@/lib/data/contract/catalog-store";
import { categoryOf } from "./categories";
import { categoryPageStart, isPageNumber } from "./listing-pages";
import { orThrow, unlessUnavailable, type Unavailable } from "./unavailable-read";
import { NOTHING_SHOWN, cachedAs, readStockShown, type ShownProducts } from "./read";
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
    const [{ products, stock }, total] = await Promise.all([
      filteredPageCached(type, sort, page, filter),
      filteredCountCached(type, filter),
    ]);
    return { products, stock, total: orThrow(total) };
  }
  const [{ products, stock }, total] = await Promise.all([listingPageCached(type, sort, page), typeCountCached(type)]);
  return { products, stock, total };
}

// Checked again inside each 'use cache' function: anyone can call one over HTTP (read.ts).
const isListingPage = (type: unknown, sort: unknown, page: unknown) =>
  productTypeSchema.safeParse(type).success && CATALOG_SORTS.some((s) => s === sort) && isPageNumber(page);

/**
 * How many first pages are read by cursor, each after the page before it,
 * without counting first. Past them a page is an offset (on Firestore billed
 * for every product it skips), counted first: one that starts past the count
 * reads nothing, so a made-up page number asked over HTTP costs at most the
 * view's count, and a page far down the list does not fill every page
 * before it in turn. A cold page within them fills the pages before it
 * first, one query each: about the reads an offset would bill for it, in at
 * most PAGES_CHAINED steps, and those pages are cached.
 */
const PAGES_CHAINED = 10;

/** One page of a view as its cache entry keeps it: what it shows, and the cursor where the next page starts (null after the last). */
interface ChainedPage extends ShownProducts {
  next: string | null;
}

const NO_CHAINED_PAGE: ChainedPage = { ...NOTHING_SHOWN, next: null };

/**
 * Where a page's query starts: the first page at the start; one within
 * PAGES_CHAINED after the cursor of the page before it (`before`, that
 * page's entry: null when that page was the last); later ones at their
 * position.
 */
async function startOf(
  page: number,
  position: number,
  before: (page: number) => Promise<ChainedPage>,
): Promise<{ after: string | null; position: number } | "past the end"> {
  if (page === 1) return { after: null, position: 0 };
  if (page > PAGES_CHAINED) return { after: null, position };
  const { next } = await before(page - 1);
  return next === null ? "past the end" : { after: next, position: 0 };
}

/**
 * Cached per type, sort and page; a miss is one ordered query of that page's
 * products (after the page before, startOf) and one read of their stock.
 */
async function listingPageCached(type: ProductType, sort: CatalogSort, page: number): Promise<ChainedPage> {
  "use cache";
  if (!isListingPage(type, sort, page)) return NO_CHAINED_PAGE;
  const listing = typeListing(type, sort);
  const start = await startOf(page, categoryPageStart(type, page), (n) => listingPageEntry(type, sort, n));
  if (start === "past the end" || (start.position > 0 && start.position >= (await typeCountCached(type)))) {
    cachedAs(listingTags(listing, []));
    return NO_CHAINED_PAGE;
  }
  const store = await getStore();
  const limit = categoryOf(type).pageSize;
  const { products, next } =
    start.position === 0
      ? await store.listProductsPage({ type, sort, limit, after: start.after })
      : await store.listProductsPageAt({ type, sort, position: start.position, limit });
  const ids = products.map((p) => p.id);
  cachedAs(listingTags(listing, ids));
  return { products, next, stock: await readStockShown(store, ids) };
}

/**
 * A page's cached entry as another page's miss reads it. Inside its own body
 * a 'use cache' function's name is the function itself, uncached (a named
 * function expression once compiled): the module's binding is the cached one.
 */
const listingPageEntry = (type: ProductType, sort: CatalogSort, page: number) => listingPageCached(type, sort, page);
const filteredPageEntry = (type: ProductType, sort: CatalogSort, page: number, filter: CatalogFilter) =>
  filteredPageCached(type, sort, page, filter);

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
 * (Store.listFilteredProducts, after the page before, startOf) and one read
 * of its products' stock. Tagged with the filtered listing's tags
 * (tags.ts typeListing): a price range changes with any price edit of its
 * type, "in stock only" with any crossing of zero.
 */
async function filteredPageCached(type: ProductType, sort: CatalogSort, page: number, filter: CatalogFilter): Promise<ChainedPage> {
  "use cache";
  if (!isListingPage(type, sort, page) || !isFilter(filter)) return NO_CHAINED_PAGE;
  const listing = typeListing(type, sort, filter);
  const start = await startOf(page, categoryPageStart(type, page), (n) => filteredPageEntry(type, sort, n, filter));
  if (start === "past the end" || (start.position > 0 && start.position >= orThrow(await filteredCountCached(type, filter)))) {
    cachedAs([...listingTags(listing, []), NOTHING_FOUND_TAG]);
    return NO_CHAINED_PAGE;
  }
  const store = await getStore();
  const { products, next } = await store.listFilteredProducts({ type, sort, filter, ...start, limit: categoryOf(type).pageSize });
  const ids = products.map((p) => p.id);
  // A filter that matches nothing: its page is not kept by the page cache (anyone can make up a price range).
  cachedAs([...listingTags(listing, ids), ...(ids.length === 0 ? [NOTHING_FOUND_TAG] : [])]);
  return { products, next, stock: await readStockShown(store, ids) };
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
