/**
 * The stock feed's notices (StockStore.watchStock), as both adapters write
 * them: one per committed write that changed some product's shown stock
 * (stock-shown.ts), recorded in that write's own transaction, naming those
 * products. A write that changes nothing shown (a sale from 40 to 39)
 * records none, so no document or row is written on every sale.
 */
import type { StockCount } from "../contract/order-store";
import { stockShownChanged } from "./stock-shown";

/** The products of `after` whose shown stock differs from `before`'s (a product missing from `before` was not tracked). */
export function shownStockChanges(before: ReadonlyMap<string, StockCount>, after: ReadonlyMap<string, StockCount>): string[] {
  return [...after].filter(([id, count]) => stockShownChanged(before.get(id) ?? null, count)).map(([id]) => id);
}

/** `stock` after each line's units are taken from it; an untracked product (null) stays untracked. */
export function stockAfterTaking(
  stock: ReadonlyMap<string, StockCount>,
  lines: readonly { productId: string; quantity: number }[],
): Map<string, StockCount> {
  const after = new Map(stock);
  for (const line of lines) {
    const count = after.get(line.productId) ?? null;
    if (count !== null) after.set(line.productId, count - line.quantity);
  }
  return after;
}

/** The most units a product's stock holds: what giving stock back stops at. */
export const STOCK_MAX = 1_000_000;

/** `stock` after each product's units are given back; an untracked product (null) gets nothing. */
export function stockAfterGiving(stock: ReadonlyMap<string, StockCount>, units: ReadonlyMap<string, number>): Map<string, StockCount> {
  const after = new Map(stock);
  for (const [id, back] of units) {
    const count = after.get(id) ?? null;
    if (count !== null) after.set(id, Math.min(count + back, STOCK_MAX));
  }
  return after;
}
