/**
 * Every read of the catalogue goes through here: one place owns the cache and
 * its tag, and every write that changes the catalogue invalidates that tag
 * (lib/catalog/invalidate.ts). Pages built from these reads are prerendered;
 * visitors never cause a database read of their own.
 */
import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { getStore } from "@/lib/data";
import type { Product } from "@/lib/data/types";

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
