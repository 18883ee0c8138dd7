/**
 * A cart's lines as the browser holds them: the product Add to Cart carries,
 * the totals and the pending (optimistic) operations. The line itself
 * (CartEntry) is cart-entry.ts's.
 *
 * Shared, not browser-only: server components build Add to Cart's props with
 * toCartProduct. Pure and dependency-free on purpose: the cart state ships
 * this to every page, so nothing here may pull in the server's validation
 * (zod alone is 37 KB gzip).
 */
import type { CartEntry } from "./cart-entry";

/**
 * A line holds 1 to this many units: the store's LIMITS.lineQuantityMax,
 * repeated here because the browser must not load the store's validation
 * (tests/cart-actions.test.ts holds the two equal).
 */
export const MAX_LINE_QUANTITY = 999;

/** A cart holds at most this many lines: the store's LIMITS.cartLinesMax, repeated for the same reason. */
export const MAX_CART_LINES = 100;

/** What Add to Cart needs to know about a product to show it at once. */
export type CartProduct = Pick<CartEntry, "id" | "name" | "priceCents" | "image">;

/** The few product fields Add to Cart carries (not the details text: cards stay light). */
export function toCartProduct(product: CartProduct): CartProduct {
  return { id: product.id, name: product.name, priceCents: product.priceCents, image: product.image };
}

/** Total units in a cart that can still be bought (a deleted product's line counts for nothing). */
export function totalQuantity(entries: readonly CartEntry[]): number {
  return entries.reduce((sum, entry) => sum + (entry.available ? entry.cartQuantity : 0), 0);
}

/** A line's total at the current price, in whole cents; 0 for a deleted product. */
export function entryCents(entry: CartEntry): number {
  return entry.available ? entry.priceCents * entry.cartQuantity : 0;
}

/** Total price of a cart in whole cents, so sums never drift. */
export function totalCents(entries: readonly CartEntry[]): number {
  return entries.reduce((sum, entry) => sum + entryCents(entry), 0);
}

/** Whether the product's price is not what it was when the line was added. */
export function priceChanged(entry: CartEntry): boolean {
  return entry.available && entry.priceCents !== entry.addedPriceCents;
}

/** A shopper's own add, quantity change, delete or undo of a delete, shown before the server confirms it. */
export type PendingOp =
  | { op: number; kind: "add"; product: CartProduct }
  | { op: number; kind: "set"; id: string; quantity: number }
  | { op: number; kind: "remove"; id: string }
  | { op: number; kind: "restore"; entry: CartEntry };

/** The visible cart: the server's lines with the pending operations applied, in order. */
export function applyPending(serverItems: readonly CartEntry[], pending: readonly PendingOp[]): CartEntry[] {
  let items = serverItems.slice();
  for (const op of pending) {
    if (op.kind === "remove") {
      items = items.filter((item) => item.id !== op.id);
    } else if (op.kind === "set") {
      items = items.map((item) => (item.id === op.id ? { ...item, cartQuantity: op.quantity } : item));
    } else if (op.kind === "restore") {
      // Back at the end, as the server puts a new line; a line shown again
      // meanwhile (its delete refused, or re-added elsewhere) is left as it
      // is until the server answers with its quantity.
      if (!items.some((item) => item.id === op.entry.id)) items.push({ ...op.entry, addedPriceCents: op.entry.priceCents });
    } else if (items.some((item) => item.id === op.product.id)) {
      items = items.map((item) => (item.id === op.product.id ? { ...item, cartQuantity: item.cartQuantity + 1 } : item));
    } else {
      items.push({ ...op.product, cartQuantity: 1, available: true, addedPriceCents: op.product.priceCents });
    }
  }
  return items;
}
