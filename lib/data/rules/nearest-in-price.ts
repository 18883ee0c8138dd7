/**
 * "More like this" (CatalogPages.listNearestInPrice): of a type's products,
 * those nearest in price to one, never that one. Each store reads the two
 * sides of the price in its own order — at or above it, cheapest first;
 * below it, dearest first; at one price, by id ascending — at
 * most `limit` + 1 each (one more, for the product left out), and this rule
 * merges them: nearest first, at the same distance the cheaper, then id
 * ascending. Both stores read the same two lists, so they answer the same.
 */
import type { Product } from "../contract/catalog";
import type { NearestInPrice } from "../contract/catalog-store";

/** How many each side's query reads for `limit` shown: one more, as the product itself may be among them. */
export const nearestSideLimit = (limit: number) => limit + 1;

export function nearestInPrice(around: NearestInPrice, atOrAbove: readonly Product[], below: readonly Product[], limit: number): Product[] {
  const distance = (product: Product) => Math.abs(product.priceCents - around.priceCents);
  return [...atOrAbove, ...below]
    .filter((product) => product.id !== around.excludeId)
    .sort((a, b) => distance(a) - distance(b) || a.priceCents - b.priceCents || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit);
}
