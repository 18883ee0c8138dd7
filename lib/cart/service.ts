/**
 * The server half of the cart actions, given the store, an owner already
 * decided on the server, a product id already parsed (ProductId: the request
 * layer, request-cart.ts, parses it once) and where lines find their product
 * now (`products`: the cached catalogue in the app, catalogue-lookup.ts).
 * Tests call these directly against a real store.
 */
import "server-only";
import type { CartItem, CartOwner, Store } from "@/lib/data/types";
import { toCartEntries, toCartEntry, type CartEntry, type ProductLookup } from "./cart-entry";
import type { ProductId } from "./parse-input";
import { failureFromError, type AddToCartResult, type RemoveFromCartResult, type SetCartQuantityResult } from "./results";

/** The lookup of the current products with these ids (once per call: a cart read follows one catalogue). */
export type CurrentProducts = (ids: readonly string[]) => Promise<ProductLookup>;

const lineIds = (lines: readonly CartItem[]) => lines.map((line) => line.productId);

/** Adds one unit of a product to `owner`'s cart. */
export async function addToOwnerCart(
  store: Store,
  owner: CartOwner,
  productId: ProductId,
  products: CurrentProducts,
): Promise<AddToCartResult> {
  try {
    const { item, created } = await store.addToLine(owner, productId, 1);
    const lines = await store.listCart(owner);
    const lookup = await products(lineIds(lines));
    return { ok: true, item: toCartEntry(item, lookup(item.productId)), created, cart: toCartEntries(lines, lookup) };
  } catch (error) {
    return failureFromError(error);
  }
}

/** Sets a line's quantity (1..999, already parsed); a line no longer there is left alone. */
export async function setOwnerCartQuantity(
  store: Store,
  owner: CartOwner | null,
  productId: ProductId,
  quantity: number,
  products: CurrentProducts,
): Promise<SetCartQuantityResult> {
  if (!owner) return { ok: true, changed: false, cart: [] };
  try {
    const line = await store.setLineQuantity(owner, productId, quantity);
    return { ok: true, changed: line !== null, cart: await ownerCart(store, owner, products) };
  } catch (error) {
    return failureFromError(error);
  }
}

/** Removes a product's line from `owner`'s cart (null owner: a guest without a cart). */
export async function removeFromOwnerCart(
  store: Store,
  owner: CartOwner | null,
  productId: ProductId,
  products: CurrentProducts,
): Promise<RemoveFromCartResult> {
  if (!owner) return { ok: true, removed: false, cart: [] };
  try {
    const removed = await store.removeLine(owner, productId);
    return { ok: true, removed, cart: await ownerCart(store, owner, products) };
  } catch (error) {
    return failureFromError(error);
  }
}

/** The owner's cart as the browser sees it (empty for a guest without a cart). */
export async function ownerCart(store: Store, owner: CartOwner | null, products: CurrentProducts): Promise<CartEntry[]> {
  if (!owner) return [];
  const lines = await store.listCart(owner);
  return toCartEntries(lines, await products(lineIds(lines)));
}
