/**
 * Every read of the catalogue goes through here: one place owns the cache and
 * its tag. The store is read in one place only, `getCatalog()`; search,
 * category and details pages filter that cached list in memory (filter.ts),
 * so no visitor, and no cache miss of theirs, causes a store read (a search
 * used to read every product per uncached query, a category page every
 * product of its type). The tag expires when the catalogue changes: at once
 * in the process that wrote (invalidateCatalog), and in every process when
 * its store listener sees the change (changes.ts).
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
import { productWithId, productsMatching, productsOfType } from "./filter";
import { normalizeSearchQuery } from "./search-query";
import { catalogVersion } from "./version";

export const CATALOG_TAG = "catalog";

/** The whole catalogue, newest first. The only store read behind every catalogue page. */
export async function getCatalog(): Promise<Product[]> {
  "use cache";
  cacheTag(CATALOG_TAG);
  // 'hours' (revalidate after 1 h) is the safety net only: every process
  // expires the tag as soon as its store feed reports a change, its own
  // writes and other processes' alike (changes.ts). A short life would only
  // re-render every catalogue page in the background for nothing.
  cacheLife("hours");
  const store = await getStore();
  return store.listProducts();
}

/** The catalogue's version (version.ts), computed once per cached catalogue. */
export async function getCatalogVersion(): Promise<string> {
  "use cache";
  cacheTag(CATALOG_TAG);
  cacheLife("hours");
  return catalogVersion(await getCatalog());
}

/** Most results a search page lists. */
export const SEARCH_LIMIT = 48;

/** One product, or null when no product has that id (malformed ids included). */
export async function getProductById(id: string): Promise<Product | null> {
  if (!idSchema.safeParse(id).success) return null;
  return productWithId(await getCatalog(), id);
}

/** Products of one type, newest first, at most `limit` (1..100). */
export async function getProductsByType(type: ProductType, limit: number): Promise<Product[]> {
  if (!productTypeSchema.safeParse(type).success || !listLimitSchema.safeParse(limit).success) return [];
  return productsOfType(await getCatalog(), type, limit);
}

/** Products whose name or details contain the query; [] for an empty query. */
export async function searchCatalog(query: string, limit: number = SEARCH_LIMIT): Promise<Product[]> {
  const normalized = normalizeSearchQuery(query);
  if (normalized.length === 0) return [];
  return searchNormalized(normalized, limit);
}

/**
 * Cached per normalised query: a repeated search is answered from a small
 * entry (at most `limit` products) instead of decoding the whole catalogue
 * again. A miss filters the cached catalogue; it never reads the store.
 */
async function searchNormalized(query: string, limit: number): Promise<Product[]> {
  "use cache";
  cacheTag(CATALOG_TAG);
  cacheLife("hours");
  if (!searchQuerySchema.safeParse(query).success || !listLimitSchema.safeParse(limit).success) return [];
  return productsMatching(await getCatalog(), query, limit);
}
