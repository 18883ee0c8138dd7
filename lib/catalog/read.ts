/**
 * Every read of the catalogue goes through here: one place owns the cache and
 * its tag. Each page reads a cache entry sized to what it shows, so a hit
 * decodes only that (one product, one category's newest, home's 40), never
 * the whole catalogue, however large it grows:
 * - a product by id (details pages, cart lines): its own entry, whose miss
 *   reads that one product from the store;
 * - home's newest and a category's newest: their own entries, whose miss
 *   filters the whole catalogue in memory, read and indexed once per process
 *   and catalogue version (`getSearchIndex()`, search-index.ts);
 * - a search's results: their own entry per normalised query, whose miss
 *   asks the store's own search index (Store.searchProducts), a bounded
 *   number of reads;
 * - the catalogue's version: a counter the store keeps (one read), never a
 *   digest of the whole catalogue.
 * The tag expires when the catalogue changes: at once in the process that
 * wrote (invalidateCatalog), and in every process when its store listener
 * sees the change (changes.ts).
 *
 * Next registers every 'use cache' function as a server reference, which
 * anyone can call over HTTP with arguments of their choosing (see
 * tests/e2e/fuzz.spec.ts). So each one checks its own arguments and answers a
 * bad one with an empty result: never a store error (a 500), never a store
 * read.
 */
import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { getStore } from "@/lib/data";
import type { Product, ProductType } from "@/lib/data/types";
import { idSchema, listLimitSchema, productTypeSchema, searchQuerySchema } from "@/lib/data/validation";
import { buildSearchIndex, type SearchIndex } from "./search-index";
import { normalizeSearchQuery } from "./search-query";

export const CATALOG_TAG = "catalog";

/**
 * Called first in a 'use cache' function whose result comes from the
 * catalogue (here, and the sitemap's XML): the entry expires with the
 * catalogue's tag. 'hours' (revalidate after 1 h) is the safety net only:
 * every process expires the tag as soon as its store feed reports a change,
 * its own writes and other processes' alike (changes.ts). A short life would
 * only re-render every catalogue page in the background for nothing.
 */
export function cachedWithCatalog(): void {
  cacheTag(CATALOG_TAG);
  cacheLife("hours");
}

/**
 * The catalogue's version (Store.getCatalogVersion): one document or row,
 * the same number on every instance for the same catalogue. Pages carry it
 * (components/live/catalog-version-mark.tsx) and the live stream sends it, so
 * a tab can tell which catalogue it shows.
 */
export async function getCatalogVersion(): Promise<string> {
  "use cache";
  cachedWithCatalog();
  const store = await getStore();
  return String(await store.getCatalogVersion());
}

/**
 * The whole catalogue, read from the store, decoded and indexed once per
 * process and catalogue version: whatever needs all of it, per request (the
 * admin's list) or per cache miss (a category, home's newest, the
 * sitemap), filters this. It is kept in this module, not in Next's cache: a
 * cache hit would decode every product again (about 180 ms at 50,000
 * products), and a whole-catalogue entry would crowd the small entries pages
 * read out of Next's memory cache.
 *
 * Keyed by the cached version, which expires with the catalogue, and read
 * from the store after it: the index is never older than its key. A change
 * between the two reads leaves an index newer than its key, which the next
 * call after the change's expiry rebuilds once more, harmlessly.
 */
// On globalThis, like the store and the change feed: Next may bundle this
// module into more than one graph (pages, route handlers), and each copy
// would otherwise read and hold the whole catalogue again.
const INDEX_KEY = Symbol.for("storefront.catalog-index");
type IndexedCatalog = { version: string; index: Promise<SearchIndex> };
type GlobalWithIndex = typeof globalThis & { [INDEX_KEY]?: IndexedCatalog };

export async function getSearchIndex(): Promise<SearchIndex> {
  const g = globalThis as GlobalWithIndex;
  const version = await getCatalogVersion();
  const current = g[INDEX_KEY];
  if (current?.version === version) return current.index;
  const index = getStore().then(async (store) => buildSearchIndex(await store.listProducts()));
  g[INDEX_KEY] = { version, index };
  // A failed read is not kept: the next call tries again.
  index.catch(() => {
    if (g[INDEX_KEY]?.index === index) delete g[INDEX_KEY];
  });
  return index;
}

/** How many products the catalogue holds (the sitemap's parts). */
export async function getProductCount(): Promise<number> {
  "use cache";
  cachedWithCatalog();
  return (await getSearchIndex()).products.length;
}

/** Most results a search page lists. */
export const SEARCH_LIMIT = 48;

/** One product, or null when no product has that id (malformed ids included). */
export async function getProductById(id: string): Promise<Product | null> {
  if (!idSchema.safeParse(id).success) return null;
  return productWithIdCached(id);
}

/**
 * Cached per id, a miss reading that one product: a details page built or
 * regenerated after a change costs one product's read and decode, not the
 * catalogue's (a build prerendering 200 pages at 50,000 products decoded the
 * whole catalogue 200 times).
 */
async function productWithIdCached(id: string): Promise<Product | null> {
  "use cache";
  cachedWithCatalog();
  if (!idSchema.safeParse(id).success) return null;
  const store = await getStore();
  return store.getProduct(id);
}

/** Products of one type, newest first, at most `limit` (1..100). */
export async function getProductsByType(type: ProductType, limit: number): Promise<Product[]> {
  if (!productTypeSchema.safeParse(type).success || !listLimitSchema.safeParse(limit).success) return [];
  return productsOfTypeCached(type, limit);
}

/** Cached per type and limit; a miss filters the indexed catalogue (no store read). */
async function productsOfTypeCached(type: ProductType, limit: number): Promise<Product[]> {
  "use cache";
  cachedWithCatalog();
  if (!productTypeSchema.safeParse(type).success || !listLimitSchema.safeParse(limit).success) return [];
  return (await getSearchIndex()).select({ query: "", type, limit });
}

/** Most products `getNewestProducts` returns: the details pages a build prerenders. */
export const NEWEST_MAX = 500;

/**
 * The newest `limit` products (1..NEWEST_MAX), newest first: home's sections
 * and the details pages a build prerenders. Cached per limit; a miss slices
 * the indexed catalogue (no store read).
 */
export async function getNewestProducts(limit: number): Promise<Product[]> {
  "use cache";
  cachedWithCatalog();
  if (!Number.isInteger(limit) || limit < 1 || limit > NEWEST_MAX) return [];
  return (await getSearchIndex()).products.slice(0, limit);
}

/**
 * The ranked results of a search (Store.searchProducts: name matches first;
 * prefixes, plurals, typos); [] for an empty query.
 */
export async function searchCatalog(query: string, limit: number = SEARCH_LIMIT): Promise<Product[]> {
  const normalized = normalizeSearchQuery(query);
  if (normalized.length === 0) return [];
  return searchNormalized(normalized, limit);
}

/**
 * Cached per normalised query: a repeated search is answered from a small
 * entry (at most `limit` products). A miss asks the store, which answers
 * from its own index of search keys: a bounded number of reads, however
 * large the catalogue.
 */
async function searchNormalized(query: string, limit: number): Promise<Product[]> {
  "use cache";
  cachedWithCatalog();
  if (!searchQuerySchema.safeParse(query).success || !listLimitSchema.safeParse(limit).success) return [];
  const store = await getStore();
  return store.searchProducts(query, { type: null, limit });
}
