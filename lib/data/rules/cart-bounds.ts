/**
 * The bounds every cart write keeps, whichever backend runs: how much of a
 * product a new line copies, how many lines a cart and units a line hold,
 * and how long a guest's lines live. Pure, so both adapters share one rule.
 */
import { StoreError, isStoreError } from "../contract/errors";
import type { CartItem, CartOwner } from "../contract/cart";
import { cardImageOf, type Product } from "../contract/catalog";
import { LIMITS } from "../contract/limits";

/** A guest's lines are forgotten this long after the last change to the guest's cart. */
export const GUEST_LINE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the lines of `owner`'s cart expire after a change made `at`: a guest's
 * 30 days on, rounded up to the next midnight UTC, an account's never (null).
 * All of a guest cart's lines share one expiry; since every change made on
 * one day stamps the same one, only a cart's first change of a day restamps
 * its other lines.
 */
export function lineExpiry(owner: CartOwner, at: number): number | null {
  return owner.startsWith("guest:") ? Math.ceil((at + GUEST_LINE_LIFETIME_MS) / DAY_MS) * DAY_MS : null;
}

/** Whether a line with this expiry is still in its cart at `now`: an expired line is gone, deleted yet or not. */
export function isLive(expiresAt: number | null, now: number): boolean {
  return expiresAt === null || expiresAt > now;
}

/**
 * The part of a product's details a cart line copies: the first
 * LIMITS.cartDetailsMax characters, counted in code points so a cut never
 * splits a character in two.
 */
function copiedDetails(details: string): string {
  if (details.length <= LIMITS.cartDetailsMax) return details;
  return Array.from(details).slice(0, LIMITS.cartDetailsMax).join("");
}

/** A new line of `owner`'s cart for `quantity` of `product`, added `at`. */
export function newCartLine(owner: CartOwner, product: Product, quantity: number, at: number): CartItem {
  return {
    productId: product.id,
    name: product.name,
    priceCents: product.priceCents,
    image: cardImageOf(product),
    details: copiedDetails(product.details),
    quantity,
    addedAt: at,
    expiresAt: lineExpiry(owner, at),
  };
}

/** The refusal of an add that would take a line past LIMITS.lineQuantityMax units. */
export function lineFullError(): StoreError {
  const message = `A cart line holds at most ${LIMITS.lineQuantityMax} units`;
  return new StoreError("limit_exceeded", message, { lineQuantityMax: message });
}

/** The refusal of a new line in a cart that already holds LIMITS.cartLinesMax lines. */
export function cartFullError(): StoreError {
  const message = `A cart holds at most ${LIMITS.cartLinesMax} lines`;
  return new StoreError("limit_exceeded", message, { cartLinesMax: message });
}

/** Whether `error` refuses a new line in a full cart (not more units in a full line). */
export function isCartFullError(error: unknown): boolean {
  return isStoreError(error, "limit_exceeded") && error.fields.cartLinesMax !== undefined;
}
