/**
 * A search's results as read.ts reads the catalogue: one cache entry per
 * normalised query holding its whole ranked list (at most
 * LIMITS.searchResultsMax products, Store.searchProducts: name matches first;
 * prefixes, plurals, typos) and what their cards show of stock. Its miss asks
 * the store's own index of search keys: a bounded number of reads, however
 * large the catalogue. Every view of the query (search-view.ts: an order, a
 * filter, a page) is cut from that one entry into a small entry of its own,
 * with no store read.
 */
import "server-only";
import { getStore } from "@/lib/data";
import { searchQuerySchema } from "@/lib/data/contract/fields";
import type { CatalogFilter } from "@/lib/data/contract/catalog-filters";
import { catalogFilterSchema } from "@/lib/data/contract/catalog-store";
import { NOTHING_SHOWN, cachedAs, readStockShown, type ShownProducts } from "./read";
import { isPageNumber } from "./listing-pages";
import { SEARCH_PAGES_MAX, SEARCH_RESULTS_MAX, parseSearchSort, type SearchSort } from "./search-view";
import { searchViewPage } from "./search-view-page";
import { hasSearchWords, normalizeSearchQuery } from "./search-query";
import { isUnavailable, keptBriefly, orThrow, unlessUnavailable, type Unavailable } from "./unavailable-read";
import { NOTHING_FOUND_TAG, searchTags } from "./tags";

/** One page of a search's view: its products and their stock, how many the view holds, and whether the query matched more than its list. */
export interface SearchPage extends ShownProducts {
  total: number;
  /** The query's list holds the most a search ranks: more products may match than any view shows. */
  capped: boolean;
  /** The tags of the query's list (a live page refreshes when one expires). */
  tags: string[];
}

export const NO_SEARCH_PAGE: SearchPage = { ...NOTHING_SHOWN, total: 0, capped: false, tags: [] };

/**
 * Page `page` (1..) of `query`'s results in `sort`, narrowed by `filter`
 * (search-view-page.ts). A query with no word matches nothing, read or
 * cached: the one search page a build prerenders is one (app/search/[...q]).
 */
export async function getSearchPage(query: string, sort: SearchSort, page: number, filter: CatalogFilter): Promise<SearchPage> {
  const normalized = normalizeSearchQuery(query);
  if (!hasSearchWords(normalized)) return NO_SEARCH_PAGE;
  return orThrow(await searchPageCached(normalized, sort, page, filter));
}

/**
 * Cached per normalised query and view, cut from the query's one cached list
 * (no read of its own), under that list's tags. A view that shows nothing
 * is not kept by the page cache (NOTHING_FOUND_TAG): anyone can make up a
 * query or a price range.
 */
async function searchPageCached(query: string, sort: SearchSort, page: number, filter: CatalogFilter): Promise<SearchPage | Unavailable> {
  "use cache";
  const isView =
    searchQuerySchema.safeParse(query).success &&
    parseSearchSort(sort) !== null &&
    isPageNumber(page) &&
    page <= SEARCH_PAGES_MAX &&
    catalogFilterSchema.safeParse(filter).success;
  if (!isView) return NO_SEARCH_PAGE;
  const list = await searchNormalized(query);
  if (isUnavailable(list)) {
    keptBriefly();
    return list;
  }
  const { products, stock } = list;
  const tags = searchTags(products.map((p) => p.id));
  const shown = searchViewPage(products, stock, sort, page, filter);
  cachedAs([...tags, ...(shown.products.length === 0 ? [NOTHING_FOUND_TAG] : [])]);
  return { ...shown, capped: products.length >= SEARCH_RESULTS_MAX, tags };
}

/**
 * A query's whole ranked list with what its cards show of stock, cached per
 * normalised query ("  USB Cable" and "usb cable" share it). A filtered
 * view's title reads it as well as its results, so a store that does not
 * answer is a value here (unavailable-read.ts).
 */
async function searchNormalized(query: string): Promise<ShownProducts | Unavailable> {
  "use cache";
  if (!searchQuerySchema.safeParse(query).success) return NOTHING_SHOWN;
  return unlessUnavailable(async () => {
    const store = await getStore();
    const products = await store.searchProducts(query, { type: null, limit: SEARCH_RESULTS_MAX });
    const ids = products.map((p) => p.id);
    const stock = await readStockShown(store, ids);
    // A query that found nothing: its page is not kept (NOTHING_FOUND_TAG).
    cachedAs([...searchTags(ids), ...(ids.length === 0 ? [NOTHING_FOUND_TAG] : [])]);
    return { products, stock };
  });
}
