/**
 * The ids a build prerenders details pages for. Cache Components needs at
 * least one entry, so an empty catalogue (a first deploy before seeding)
 * yields a placeholder that can never be a product's id: `idSchema` refuses
 * "~", so the page answers 404 without reading the store, on any backend
 * (an id of the `__x__` form is one Firestore reserves: reading it aborts the
 * build).
 */
import type { Product } from "@/lib/data/contract/catalog";

const EMPTY_CATALOG_PLACEHOLDER_ID = "~empty-catalogue";

/**
 * How many details pages a build prerenders: the newest products'. Every
 * other product's page renders on its first request and is cached from then
 * on (the proxy answers unknown ids 404 first), so a build's time and size
 * stay flat however large the catalogue grows (a build prerendering 5,000
 * products took 4 min and 585 MB here).
 */
export const PRERENDERED_DETAILS_PAGES = 200;

/** `newest` is the catalogue's newest PRERENDERED_DETAILS_PAGES products (getNewestProducts: two ordered queries, never the whole catalogue). */
export function detailsStaticParams(newest: readonly Product[]): Array<{ id: string }> {
  if (newest.length === 0) return [{ id: EMPTY_CATALOG_PLACEHOLDER_ID }];
  return newest.slice(0, PRERENDERED_DETAILS_PAGES).map((product) => ({ id: product.id }));
}
