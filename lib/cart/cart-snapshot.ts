/**
 * A visitor's whole cart as the browser receives it: the body of GET
 * /api/cart and the data of the live stream's `cart` event.
 *
 * Pure and shared: the route and the live stream send it, the browser's cart
 * state and live updates read it back. It imports only the line's type.
 */
import type { CartEntry } from "./cart-entry";

/** The current visitor's cart as a snapshot, read-only: app/api/cart/route.ts. */
export const CART_SNAPSHOT_PATH = "/api/cart";

/**
 * A visitor's whole cart. `hasOwner` is false for a guest with no cart on the
 * server yet (no cookie, a made-up one): the stream then follows no cart, and
 * the browser reopens it after the add that creates one.
 */
export interface CartSnapshot {
  items: CartEntry[];
  hasOwner: boolean;
}

/**
 * Reads a cart snapshot from JSON text (a `cart` event's data, the body of
 * GET /api/cart); null when it does not have the snapshot's shape, so a
 * malformed one is dropped instead of breaking the cart.
 */
export function parseCartSnapshot(text: string): CartSnapshot | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const snapshot = value as Partial<CartSnapshot> | null;
  if (typeof snapshot !== "object" || snapshot === null) return null;
  if (!Array.isArray(snapshot.items) || typeof snapshot.hasOwner !== "boolean") return null;
  return { items: snapshot.items, hasOwner: snapshot.hasOwner };
}
