/**
 * One batch of adds to one cart, applied in arrival order as if each ran
 * alone: the first add of a product missing from the cart creates its line,
 * each later add sees the quantity and the number of lines the ones before
 * it left, and an add that would pass a cap (units in a line, lines in a
 * cart), or names a product that no longer exists, is refused on its own
 * (the others still apply). Pure, so the transaction can rerun it on a retry.
 */
import { cartFullError, lineFullError } from "../rules/cart-bounds";
import { StoreError } from "../contract/errors";
import type { CartItem, CartOwner, LineAddResult } from "../contract/cart";
import type { Product } from "../contract/catalog";
import { LIMITS } from "../contract/limits";
import type { Outcome } from "./keyed-batches";

export interface CartAdd {
  owner: CartOwner;
  productId: string;
  quantity: number;
}

/**
 * What the batch starts from: the cart's line of a product (null: none), how
 * many lines the cart holds (consulted only when an add creates a line), and
 * the product itself (null: deleted).
 */
export interface CartAddsStart {
  line(productId: string): CartItem | null;
  lines: number;
  product(productId: string): Product | null;
  newLine(product: Product, quantity: number): CartItem;
}

/** Each add's outcome, and the lines the batch leaves changed, with the ids of those it created. */
interface CartAddsResult {
  outcomes: Outcome<LineAddResult>[];
  changed: Map<string, CartItem>;
  created: Set<string>;
}

export function applyCartAdds(start: CartAddsStart, adds: readonly CartAdd[]): CartAddsResult {
  const changed = new Map<string, CartItem>();
  const created = new Set<string>();
  let lines = start.lines;
  const outcomes = adds.map(({ productId, quantity }): Outcome<LineAddResult> => {
    const product = start.product(productId);
    if (!product) return { ok: false, error: new StoreError("not_found", `No product with id ${productId}`) };
    const line = changed.get(productId) ?? start.line(productId);
    if (!line) {
      if (lines >= LIMITS.cartLinesMax) return { ok: false, error: cartFullError() };
      lines += 1;
      const item = start.newLine(product, quantity);
      changed.set(productId, item);
      created.add(productId);
      return { ok: true, value: { item, created: true } };
    }
    const next = line.quantity + quantity;
    if (next > LIMITS.lineQuantityMax) return { ok: false, error: lineFullError() };
    const item = { ...line, quantity: next };
    changed.set(productId, item);
    return { ok: true, value: { item, created: false } };
  });
  return { outcomes, changed, created };
}
