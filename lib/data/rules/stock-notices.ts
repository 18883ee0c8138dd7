/**
 * The stock feed's notices (StockStore.watchStock), as both adapters write
 * them: one per committed write that changed some product's shown stock
 * (stock-shown.ts), recorded in that write's own transaction, naming those
 * products. A write that changes nothing shown (a sale from 40 to 39)
 * records none, so no document or row is written on every sale.
 */
import { StoreError } from "../contract/errors";
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

/**
 * `stock` after each product's units move: given back (positive, up to
 * STOCK_MAX) or taken again (negative: a card order paid again); an
 * untracked product (null) neither gets nor gives any. Taking more than is
 * left is refused (conflict, each such product's field `line:<id>` saying
 * out_of_stock, as a placement's refusal does).
 */
export function stockAfterMoving(stock: ReadonlyMap<string, StockCount>, units: ReadonlyMap<string, number>): Map<string, StockCount> {
  const after = new Map(stock);
  const short: string[] = [];
  for (const [id, moved] of units) {
    const count = after.get(id) ?? null;
    if (count === null) continue;
    if (count + moved < 0) short.push(id);
    else after.set(id, Math.min(count + moved, STOCK_MAX));
  }
  if (short.length > 0) {
    throw new StoreError(
      "conflict",
      "Too few are left in stock to hold this order again",
      Object.fromEntries(short.map((id) => [`line:${id}`, "out_of_stock"])),
    );
  }
  return after;
}
