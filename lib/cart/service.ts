/**
 * The server half of the cart actions, given the store, an owner already
 * decided on the server, a product id already parsed (ProductId: the request
 * layer, request-cart.ts, parses it once) and where lines find their product
 * now (`products`: the cached catalogue in the app, catalogue-lookup.ts).
 * Tests call these directly against a real store.
 */
import "server-only";
import { log } from "@/lib/log";
import type { CartItem, CartOwner } from "@/lib/data/contract/cart";
import type { Store } from "@/lib/data/contract/store";
import { toCartEntries, toCartEntry, type CartEntry, type ProductLookup } from "./cart-entry";
import { MAX_LINE_QUANTITY } from "./cart-lines";
import type { ProductId } from "@/lib/data/contract/catalog";
import { failureFromError, type AddToCartResult, type RemoveFromCartResult, type SetCartQuantityResult } from "./results";
import { refusalOfStock } from "./stock-check";

/** The lookup of the current products with these ids (once per call: a cart read follows one catalogue). */
export type CurrentProducts = (ids: readonly string[]) => Promise<ProductLookup>;

const lineIds = (lines: readonly CartItem[]) => lines.map((line) => line.productId);

/** Adds one unit of a product to `owner`'s cart; refused when the line would pass the stock (stock-check.ts). */
export async function addToOwnerCart(
  store: Store,
  owner: CartOwner,
  productId: ProductId,
  products: CurrentProducts,
): Promise<AddToCartResult> {
  try {
    const refused = await refusalOfStock(store, owner, productId, { add: 1 });
    if (refused) return refused;
    const { item, created } = await store.addToLine(owner, productId, 1);
    const lines = await store.listCart(owner);
    const lookup = await products(lineIds(lines));
    return { ok: true, item: toCartEntry(item, lookup(item.productId)), created, cart: toCartEntries(lines, lookup) };
  } catch (error) {
    return failureFromError(error);
  }
}

/**
 * Puts a deleted line back with `quantity` units (1..999, already parsed):
 * the undo of a Delete. The store adds at most 99 units at once
 * (LIMITS.addQuantityMax), so the line is made with one unit and then set;
 * a line the cart holds again meanwhile (added in another tab) grows by
 * `quantity`, capped at 999 as a merge caps it. Refused as an add is: a
 * product deleted meanwhile (not_found), a full cart (cart_full), a line
 * already at 999 (limit_exceeded), more units than are in stock
 * (out_of_stock).
 */
export async function restoreToOwnerCart(
  store: Store,
  owner: CartOwner,
  productId: ProductId,
  quantity: number,
  products: CurrentProducts,
): Promise<AddToCartResult> {
  try {
    const refused = await refusalOfStock(store, owner, productId, { add: quantity });
    if (refused) return refused;
    const { item, created } = await store.addToLine(owner, productId, 1);
    const target = created ? quantity : Math.min(MAX_LINE_QUANTITY, item.quantity - 1 + quantity);
    const line = target === item.quantity ? item : await setOrTakeBack(store, owner, productId, target, created, item);
    const lines = await store.listCart(owner);
    const lookup = await products(lineIds(lines));
    return { ok: true, item: toCartEntry(line, lookup(line.productId)), created, cart: toCartEntries(lines, lookup) };
  } catch (error) {
    return failureFromError(error);
  }
}

/**
 * A restore's second step. When it fails, a line the first step made is
 * removed again, so a refused restore leaves the cart as it was (a line
 * that was already there keeps its one extra unit: it was an add).
 */
async function setOrTakeBack(
  store: Store,
  owner: CartOwner,
  productId: ProductId,
  quantity: number,
  created: boolean,
  added: CartItem,
): Promise<CartItem> {
  try {
    return (await store.setLineQuantity(owner, productId, quantity)) ?? added;
  } catch (error) {
    if (created) {
      await store
        .removeLine(owner, productId)
        .catch((takeBack: unknown) => log.error("cart.take_back_failed", "Could not remove a half-restored cart line", takeBack));
    }
    throw error;
  }
}

/**
 * Sets a line's quantity (1..999, already parsed); a line no longer there is
 * left alone. Raising it past the stock is refused (stock-check.ts).
 */
export async function setOwnerCartQuantity(
  store: Store,
  owner: CartOwner | null,
  productId: ProductId,
  quantity: number,
  products: CurrentProducts,
): Promise<SetCartQuantityResult> {
  if (!owner) return { ok: true, changed: false, cart: [] };
  try {
    const refused = await refusalOfStock(store, owner, productId, { set: quantity });
    if (refused) return refused;
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
