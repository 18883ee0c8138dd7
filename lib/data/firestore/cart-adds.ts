/**
 * One batch of adds to one cart line, applied in arrival order as if each ran
 * alone: the first add to a missing line creates it, each later add sees the
 * quantity the ones before it left, and an add that would pass the line cap is
 * refused on its own (later, smaller adds may still fit). Pure, so the
 * transaction can rerun it on a retry.
 */
import { StoreError } from "../errors";
import type { CartItem, CartOwner, LineAddResult } from "../types";
import { LIMITS } from "../validation";
import type { Outcome } from "./keyed-batches";

export interface LineAdd {
  owner: CartOwner;
  productId: string;
  quantity: number;
}

export function applyAdds(
  existing: CartItem | null,
  adds: readonly LineAdd[],
  newLine: (quantity: number) => CartItem,
): { outcomes: Outcome<LineAddResult>[]; line: CartItem | null } {
  let line = existing;
  const outcomes = adds.map(({ quantity }): Outcome<LineAddResult> => {
    if (!line) {
      line = newLine(quantity);
      return { ok: true, value: { item: line, created: true } };
    }
    const next = line.quantity + quantity;
    if (next > LIMITS.lineQuantityMax) {
      return {
        ok: false,
        error: new StoreError("limit_exceeded", `A cart line holds at most ${LIMITS.lineQuantityMax} units`),
      };
    }
    line = { ...line, quantity: next };
    return { ok: true, value: { item: line, created: false } };
  });
  return { outcomes, line };
}
