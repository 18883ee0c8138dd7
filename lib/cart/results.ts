/**
 * The cart's wire shapes and the pure half of the cart actions: input
 * validation and the mapping of store failures to messages a shopper can
 * read. No React, no Next.js, no server-only imports, so the browser store,
 * the server actions and the tests share one definition.
 */
import { isStoreError } from "@/lib/data/errors";
import type { CartItem } from "@/lib/data/types";
import { LIMITS, idSchema } from "@/lib/data/validation";

/** One line of the browser's cart: a product (as added) plus its cartQuantity. */
export interface CartEntry {
  id: string;
  name: string;
  /** Unit price in US dollars (two decimals); totals are summed in cents. */
  price: number;
  image: string;
  cartQuantity: number;
}

/** What Add to Cart needs to know about a product to show it at once. */
export type CartProduct = Omit<CartEntry, "cartQuantity">;

/** The few product fields Add to Cart carries (not the details text: cards stay light). */
export function toCartProduct(product: CartProduct): CartProduct {
  return { id: product.id, name: product.name, price: product.price, image: product.image };
}

export type CartErrorCode = "invalid_input" | "not_found" | "limit_exceeded" | "unavailable";

export interface CartFailure {
  ok: false;
  code: CartErrorCode;
  /** A sentence for the error toast. */
  error: string;
}

export type AddToCartResult = { ok: true; item: CartEntry; created: boolean; cart: CartEntry[] } | CartFailure;
export type RemoveFromCartResult = { ok: true; removed: boolean; cart: CartEntry[] } | CartFailure;

/** The browser's view of a stored cart line. */
export function toCartEntry(item: CartItem): CartEntry {
  return { id: item.productId, name: item.name, price: item.price, image: item.image, cartQuantity: item.quantity };
}

export function toCartEntries(items: CartItem[]): CartEntry[] {
  return items.map(toCartEntry);
}

export const CART_MESSAGES = {
  invalid_input: "That product could not be added: its id is not valid.",
  not_found: "That product is no longer available.",
  limit_exceeded: `Your cart already holds the most of this product we can take (${LIMITS.lineQuantityMax}).`,
  unavailable: "The cart is unavailable right now. Please try again.",
} as const satisfies Record<CartErrorCode, string>;

export function cartFailure(code: CartErrorCode): CartFailure {
  return { ok: false, code, error: CART_MESSAGES[code] };
}

/**
 * A product id as the actions accept it: a string in the store's id alphabet
 * and length. Anything else (numbers, objects, paths, 10 kB strings) is
 * refused before the store is touched.
 */
export function parseProductId(value: unknown): { ok: true; id: string } | CartFailure {
  const parsed = idSchema.min(1).safeParse(value);
  return parsed.success ? { ok: true, id: parsed.data } : cartFailure("invalid_input");
}

/**
 * Maps a thrown error to a failure result. Store errors keep their code; any
 * other error is logged and reported as unavailable (its message may hold
 * internals and is never shown).
 */
export function failureFromError(error: unknown): CartFailure {
  if (isStoreError(error)) {
    if (error.code === "unavailable") console.error("Cart store unavailable", error);
    return cartFailure(error.code);
  }
  console.error("Cart action failed", error);
  return cartFailure("unavailable");
}

/** Total units in a cart. */
export function totalQuantity(entries: readonly CartEntry[]): number {
  return entries.reduce((sum, entry) => sum + entry.cartQuantity, 0);
}

/** Total price of a cart in whole cents, so sums never drift. */
export function totalCents(entries: readonly CartEntry[]): number {
  return entries.reduce((sum, entry) => sum + Math.round(entry.price * 100) * entry.cartQuantity, 0);
}

/** A shopper's own add or delete, shown before the server confirms it. */
export type PendingOp = { op: number; kind: "add"; product: CartProduct } | { op: number; kind: "remove"; id: string };

/** The visible cart: the server's lines with the pending operations applied, in order. */
export function applyPending(serverItems: readonly CartEntry[], pending: readonly PendingOp[]): CartEntry[] {
  let items = serverItems.slice();
  for (const op of pending) {
    if (op.kind === "remove") {
      items = items.filter((item) => item.id !== op.id);
    } else if (items.some((item) => item.id === op.product.id)) {
      items = items.map((item) => (item.id === op.product.id ? { ...item, cartQuantity: item.cartQuantity + 1 } : item));
    } else {
      items.push({ ...op.product, cartQuantity: 1 });
    }
  }
  return items;
}
