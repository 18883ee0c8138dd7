/**
 * The server half of the cart actions, given the store, an owner already
 * decided on the server and a product id already parsed (ProductId: the
 * request layer, request-cart.ts, parses it once). Tests call these
 * directly against a real store.
 */
import "server-only";
import type { CartOwner, Store } from "@/lib/data/types";
import type { CartEntry } from "@/lib/live/protocol";
import {
  failureFromError,
  toCartEntries,
  toCartEntry,
  type AddToCartResult,
  type ProductId,
  type RemoveFromCartResult,
} from "./results";

/** Adds one unit of a product to `owner`'s cart. */
export async function addToOwnerCart(store: Store, owner: CartOwner, productId: ProductId): Promise<AddToCartResult> {
  try {
    const { item, created } = await store.addToLine(owner, productId, 1);
    const cart = toCartEntries(await store.listCart(owner));
    return { ok: true, item: toCartEntry(item), created, cart };
  } catch (error) {
    return failureFromError(error);
  }
}

/** Removes a product's line from `owner`'s cart (null owner: a guest without a cart). */
export async function removeFromOwnerCart(
  store: Store,
  owner: CartOwner | null,
  productId: ProductId,
): Promise<RemoveFromCartResult> {
  if (!owner) return { ok: true, removed: false, cart: [] };
  try {
    const removed = await store.removeLine(owner, productId);
    const cart = toCartEntries(await store.listCart(owner));
    return { ok: true, removed, cart };
  } catch (error) {
    return failureFromError(error);
  }
}

/** The owner's cart as the browser sees it (empty for a guest without a cart). */
export async function ownerCart(store: Store, owner: CartOwner | null): Promise<CartEntry[]> {
  return owner ? toCartEntries(await store.listCart(owner)) : [];
}
