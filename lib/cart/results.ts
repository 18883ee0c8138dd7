/**
 * The cart actions' results and how a failure becomes one: the messages a
 * shopper can read, and the mapping of store errors to them. The browser
 * imports only this file's types (its values pull in zod); an action's input
 * is parsed in parse-input.ts, a line and its mapping from the store live in
 * cart-entry.ts, the totals in cart-lines.ts.
 */
import "server-only";
import { log } from "@/lib/log";
import { isCartFullError } from "@/lib/data/rules/cart-bounds";
import { isStoreError } from "@/lib/data/contract/errors";
import { LIMITS } from "@/lib/data/contract/limits";
import type { CartEntry } from "./cart-entry";
import { isOwnerMismatchError, type SessionRefusalCode } from "./session-guard";

/**
 * `limit_exceeded`: the line holds the most units it can; `cart_full`: the
 * cart holds the most lines it can; `out_of_stock`: the line would hold more
 * units than are in stock (stock-check.ts); `signed_out` and `session_changed`: the
 * page shows another owner than the session's (session-guard.ts).
 */
export type CartErrorCode =
  "invalid_input" | "invalid_quantity" | "not_found" | "limit_exceeded" | "cart_full" | "out_of_stock" | "unavailable" | SessionRefusalCode;

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
  cart_full: `Your cart already holds ${LIMITS.cartLinesMax} different products, the most it can. Remove one to add another.`,
  // The general words; a server action's answer names how many are left (stock-check.ts).
  out_of_stock: "Too few of this product are in stock for that: it is out of stock, or your cart already holds every unit left.",
  // The store (or the session check that needs it) did not answer: nothing was changed.
  unavailable: "The shop is briefly unavailable. Please try again in a moment.",
  // The page still showed an account whose session had ended in another tab: nothing was changed.
  signed_out: "You were signed out in another tab, so nothing was changed. Sign in again to use your account's cart.",
  // The page showed a guest or another account than the one signed in now: nothing was changed.
  session_changed: "Your sign-in changed in another tab, so nothing was changed. The page now shows who is signed in.",
} as const satisfies Record<CartErrorCode, string>;

export function cartFailure(code: CartErrorCode): CartFailure {
  return { ok: false, code, error: CART_MESSAGES[code] };
}

/**
 * Maps a thrown error to a failure result. An owner mismatch keeps its
 * refusal (session-guard.ts, expected, not logged). Store errors keep their code (a
 * full cart's limit_exceeded is cart_full); any other error is logged and
 * reported as unavailable (its message may hold internals and is never shown).
 */
export function failureFromError(error: unknown): CartFailure {
  if (isOwnerMismatchError(error)) return cartFailure(error.code);
  if (isStoreError(error)) {
    if (error.code === "unavailable") log.warn("cart.store_unavailable", "Cart store unavailable", undefined, error);
    // No cart write names a revision, so a conflict here is a bug: log it, say "try again".
    if (error.code === "conflict") log.error("cart.unexpected_conflict", "Unexpected conflict in a cart write", error);
    // The store says which limit an add would pass: a full line or a full cart.
    if (isCartFullError(error)) return cartFailure("cart_full");
    return cartFailure(error.code === "conflict" ? "unavailable" : error.code);
  }
  log.error("cart.action_failed", "Cart action failed", error);
  return cartFailure("unavailable");
}
