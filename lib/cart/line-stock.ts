/**
 * The stock of a cart's lines, for the cart page's steppers (plus stops at
 * it): read from the store on each render, uncached, as the cart itself is
 * (one shopper's page). Only tracked counts are kept: a product missing from
 * the map has no limit but the line's own.
 */
import "server-only";
import type { Store } from "@/lib/data/contract/store";
import type { CartEntry } from "./cart-entry";

/** Each tracked product's count, by id; an empty cart reads nothing. */
export async function readLineStock(store: Store, items: readonly CartEntry[]): Promise<Record<string, number>> {
  const ids = [...new Set(items.filter((item) => item.available).map((item) => item.id))];
  if (ids.length === 0) return {};
  const stock: Record<string, number> = {};
  for (const [id, count] of await store.getStock(ids)) if (count !== null) stock[id] = count;
  return stock;
}
