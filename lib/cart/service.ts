/**
 * The server half of the cart actions, given the store and an owner already
 * decided on the server. The "use server" actions (actions.ts) only add the
 * owner lookup; tests call these directly against a real store.
 */
import "server-only";
import type { CartOwner, Store } from "@/lib/data/types";
import type { CartEntry } from "@/lib/live/protocol";
import {
  failureFromError,
  parseProductId,
  toCartEntries,
  toCartEntry,
  type AddToCartResult,
  type RemoveFromCartResult,
} from "./results";

/** Adds one unit of a product to `owner`'s cart; nothing is written on bad input. */
export async function addToOwnerCart(store: Store, owner: CartOwner, productId: unknown): Promise<AddToCartResult> {
  const id = parseProductId(productId);
  if (!id.ok) return id;
  try {
    const { item, created } = await store.addToCart(owner, id.id, 1);
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
  productId: unknown,
): Promise<RemoveFromCartResult> {
  const id = parseProductId(productId);
  if (!id.ok) return id;
  if (!owner) return { ok: true, removed: false, cart: [] };
  try {
    const removed = await store.removeFromCart(owner, id.id);
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
