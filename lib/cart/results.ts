/**
 * The cart actions' results and their pure server half: input validation and
 * the mapping of store failures to messages a shopper can read. The browser
 * imports only this file's types (its values pull in zod); a line and its
 * mapping from the store live in cart-entry.ts, the totals in cart-lines.ts.
 */
import { isStoreError } from "@/lib/data/errors";
import { LIMITS, idSchema, lineQuantitySchema } from "@/lib/data/validation";
import type { CartEntry } from "./cart-entry";

export type CartErrorCode = "invalid_input" | "invalid_quantity" | "not_found" | "limit_exceeded" | "unavailable";

export interface CartFailure {
  ok: false;
  code: CartErrorCode;
  /** A sentence for the error toast. */
  error: string;
}

export type AddToCartResult = { ok: true; item: CartEntry; created: boolean; cart: CartEntry[] } | CartFailure;
export type RemoveFromCartResult = { ok: true; removed: boolean; cart: CartEntry[] } | CartFailure;
/** `changed` is false when the line was not in the cart (removed meanwhile, in another tab). */
export type SetCartQuantityResult = { ok: true; changed: boolean; cart: CartEntry[] } | CartFailure;

export const CART_MESSAGES = {
  invalid_input: "That product could not be added: its id is not valid.",
  invalid_quantity: `Choose a quantity from 1 to ${LIMITS.lineQuantityMax}.`,
  not_found: "That product is no longer available.",
  limit_exceeded: `Your cart already holds the most of this product we can take (${LIMITS.lineQuantityMax}).`,
  // The store (or the session check that needs it) did not answer: nothing was changed.
  unavailable: "The shop is briefly unavailable. Please try again in a moment.",
} as const satisfies Record<CartErrorCode, string>;

export function cartFailure(code: CartErrorCode): CartFailure {
  return { ok: false, code, error: CART_MESSAGES[code] };
}

/**
 * A product id that has passed parseProductId. Only that function makes one,
 * so a layer that takes a ProductId (the service, service.ts) knows the id was
 * checked and does not check it again.
 */
export type ProductId = string & { readonly __checked: "ProductId" };

/**
 * A product id as the actions accept it: a string in the store's id alphabet
 * and length. Anything else (numbers, objects, paths, 10 kB strings) is
 * refused before the store is touched.
 *
 * Parsed once per add or remove, where the id comes off the network
 * (request-cart.ts), before anything else: a bad call must not even decide
 * an owner (a session read, a new guest cookie). Every layer below takes
 * the ProductId. The store still applies its own id rule: that is the
 * storage contract's (lib/data/validation.ts), the same for every caller and
 * backend (seed, import, merges, scripts), not a second parse of this request.
 */
export function parseProductId(value: unknown): { ok: true; id: ProductId } | CartFailure {
  const parsed = idSchema.min(1).safeParse(value);
  return parsed.success ? { ok: true, id: parsed.data as ProductId } : cartFailure("invalid_input");
}

/** A line's new quantity as the stepper sends it: a whole number from 1 to 999. */
export function parseLineQuantity(value: unknown): { ok: true; quantity: number } | CartFailure {
  const parsed = lineQuantitySchema.safeParse(value);
  return parsed.success ? { ok: true, quantity: parsed.data } : cartFailure("invalid_quantity");
}

/**
 * Maps a thrown error to a failure result. Store errors keep their code; any
 * other error is logged and reported as unavailable (its message may hold
 * internals and is never shown).
 */
export function failureFromError(error: unknown): CartFailure {
  if (isStoreError(error)) {
    if (error.code === "unavailable") console.error("Cart store unavailable", error);
    // No cart write names a revision, so a conflict here is a bug: log it, say "try again".
    if (error.code === "conflict") console.error("Unexpected conflict in a cart write", error);
    return cartFailure(error.code === "conflict" ? "unavailable" : error.code);
  }
  console.error("Cart action failed", error);
  return cartFailure("unavailable");
}
