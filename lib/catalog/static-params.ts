/**
 * The ids a build prerenders details pages for. Cache Components needs at
 * least one entry, so an empty catalogue (a first deploy before seeding)
 * yields a placeholder that can never be a product's id: `idSchema` refuses
 * "~", so the page answers 404 without reading the store, on any backend.
 * (The old placeholder `__no-products__` is an id Firestore reserves: reading
 * it aborted the build.)
 */
import type { Product } from "@/lib/data/types";

export const EMPTY_CATALOG_PLACEHOLDER_ID = "~empty-catalogue";

export function detailsStaticParams(catalog: readonly Product[]): Array<{ id: string }> {
  if (catalog.length === 0) return [{ id: EMPTY_CATALOG_PLACEHOLDER_ID }];
  return catalog.map((product) => ({ id: product.id }));
}
