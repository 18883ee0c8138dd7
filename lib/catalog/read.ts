/**
 * Every read of the catalogue goes through here: one place owns the cache and
 * its tag, and every write that changes the catalogue invalidates that tag
 * (see invalidateCatalog). Pages built from these reads are prerendered;
 * visitors never cause a database read of their own.
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
import { normalizeSearchText } from "@/lib/data/search";
import { LIMITS, idSchema, listLimitSchema, productTypeSchema, searchQuerySchema } from "@/lib/data/validation";

export const CATALOG_TAG = "catalog";

/** The whole catalogue, newest first. */
export async function getCatalog(): Promise<Product[]> {
  "use cache";
  cacheTag(CATALOG_TAG);
  // 'minutes': changes made outside this process (seed script, another
  // server) still show within minutes; our own writes invalidate at once.
  cacheLife("minutes");
  const store = await getStore();
  return store.listProducts();
}

/** Most results a search page lists. */
export const SEARCH_LIMIT = 48;

/** One product, or null when no product has that id (malformed ids included). */
export async function getProductById(id: string): Promise<Product | null> {
  "use cache";
  cacheTag(CATALOG_TAG);
  cacheLife("minutes");
  // A URL segment can hold anything; only a well-formed id reaches the store,
  // which would otherwise answer a malformed one with an invalid_input error.
  if (!idSchema.safeParse(id).success) return null;
  const store = await getStore();
  return store.getProduct(id);
}

/** Products of one type, newest first, at most `limit` (1..100). */
export async function getProductsByType(type: ProductType, limit: number): Promise<Product[]> {
  "use cache";
  cacheTag(CATALOG_TAG);
  cacheLife("minutes");
  if (!productTypeSchema.safeParse(type).success || !listLimitSchema.safeParse(limit).success) return [];
  const store = await getStore();
  return store.listProductsByType(type, limit);
}

/**
 * The form of a query that decides its results (the store's own matching
 * rule, cut to the longest query it takes): "  USB Cable" and "usb cable"
 * share one cache entry.
 */
export function normalizeSearchQuery(raw: string): string {
  return normalizeSearchText(raw).slice(0, LIMITS.queryMax).trim();
}

/** Products whose name or details contain the query; [] for an empty query. */
export async function searchCatalog(query: string, limit: number = SEARCH_LIMIT): Promise<Product[]> {
  const normalized = normalizeSearchQuery(query);
  if (normalized.length === 0) return [];
  return searchNormalized(normalized, limit);
}

async function searchNormalized(query: string, limit: number): Promise<Product[]> {
  "use cache";
  cacheTag(CATALOG_TAG);
  cacheLife("minutes");
  if (!searchQuerySchema.safeParse(query).success || !listLimitSchema.safeParse(limit).success) return [];
  const store = await getStore();
  return store.searchProducts(query, limit);
}
