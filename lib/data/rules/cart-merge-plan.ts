/**
 * Which guest lines a merge into another cart moves, whichever backend runs:
 * a line of a product the cart already has always joins it (quantities add,
 * no new line); new lines fit while the cart stays within
 * LIMITS.cartLinesMax lines, newest first (by addedAt), and the rest are
 * dropped. The cart's own lines are always kept. Pure.
 */
import type { CartItem } from "../contract/cart";
import { LIMITS } from "../contract/limits";

interface MergePlan {
  /** Guest lines of products the cart has: their quantities add to its lines. */
  join: CartItem[];
  /** Guest lines that become new lines of the cart. */
  add: CartItem[];
  /** Guest lines that did not fit, oldest of the new ones. */
  dropped: CartItem[];
}

/** `cartLines`: how many lines the cart holds now; `inCart`: whether it has a line of the product. */
export function planMerge(guestLines: readonly CartItem[], inCart: (productId: string) => boolean, cartLines: number): MergePlan {
  const join = guestLines.filter((line) => inCart(line.productId));
  const newest = guestLines
    .filter((line) => !inCart(line.productId))
    .sort((a, b) => b.addedAt - a.addedAt || (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
  const room = Math.max(0, LIMITS.cartLinesMax - cartLines);
  return { join, add: newest.slice(0, room), dropped: newest.slice(room) };
}
