/**
 * What a shop page shows of a product's stock (DECISIONS "Orders"): nothing
 * when it is not tracked or more than LOW_STOCK_MAX are left, "Only N left"
 * at LOW_STOCK_MAX or fewer, "Out of stock" at 0. A write that moves stock
 * without changing what is shown (a sale from 40 to 39) expires no page; one
 * that changes it records the product in the stock feed (StockStore.watchStock)
 * so every instance expires the pages that show that product.
 * Pure: both adapters, the shop's pages and the tests share it.
 */
import type { StockCount } from "../contract/order-store";

/** At this many or fewer, pages say how many are left. */
export const LOW_STOCK_MAX = 5;

export type StockShown = { kind: "none" } | { kind: "low"; left: number } | { kind: "out" };

export function stockShown(count: StockCount): StockShown {
  if (count === null || count > LOW_STOCK_MAX) return { kind: "none" };
  if (count <= 0) return { kind: "out" };
  return { kind: "low", left: count };
}

/** Whether moving a product's stock from `before` to `after` changes what its pages show. */
export function stockShownChanged(before: StockCount, after: StockCount): boolean {
  const a = stockShown(before);
  const b = stockShown(after);
  return a.kind !== b.kind || (a.kind === "low" && b.kind === "low" && a.left !== b.left);
}

/**
 * Whether a product counts as in stock for the "in stock only" filter: its
 * stock is not tracked, or above 0. Each product holds it as a flag the
 * filter's index reads (Firestore's inStock, SQLite's in_stock), set by
 * every stock write that crosses zero (inStockFlips): on SQLite in its
 * transaction, on Firestore right after its commit (firestore/in-stock.ts).
 */
export function isInStock(count: StockCount): boolean {
  return count === null || count > 0;
}

/** isInStock, read from what a page shows of the stock (a search's "in stock only": lib/catalog/read-search.ts). */
export function isShownInStock(shown: StockShown | undefined): boolean {
  return shown?.kind !== "out";
}

/** The products of `after` whose in-stock flag differs from `before`'s (a product missing from `before` was not tracked). */
export function inStockFlips(before: ReadonlyMap<string, StockCount>, after: ReadonlyMap<string, StockCount>): string[] {
  return [...after].filter(([id, count]) => isInStock(before.get(id) ?? null) !== isInStock(count)).map(([id]) => id);
}
