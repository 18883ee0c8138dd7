"use server";

/**
 * Cart server actions. The owner is always this request's (session, else the
 * guest cookie), never an argument: a caller can only ever touch its own cart.
 * The optional last argument is only the owner the calling page shows
 * (session-guard.ts): when the session is not that owner the change is
 * refused (signed_out / session_changed). A call without it (a plain HTML
 * form post, a script) is not checked.
 * Arguments arrive from the network, so they are typed `unknown` and validated
 * (request-cart.ts). Named for their layer: the browser's cart state calls
 * them from its own addToCart/setQuantity/removeFromCart and a Delete's undo
 * (lib/cart/browser/cart-state.ts), and they end in the store's
 * addToLine/setLineQuantity/removeLine (lib/data/contract/cart.ts).
 */
import { addToRequestCart, removeFromRequestCart, restoreToRequestCart, setRequestCartQuantity } from "./request-cart";
import type { AddToCartResult, RemoveFromCartResult, SetCartQuantityResult } from "./results";
import { thisRequest } from "./this-request";

export async function addToCartAction(productId: unknown, expectedOwner?: unknown): Promise<AddToCartResult> {
  return addToRequestCart(thisRequest, productId, expectedOwner);
}

export async function setCartQuantityAction(
  productId: unknown,
  quantity: unknown,
  expectedOwner?: unknown,
): Promise<SetCartQuantityResult> {
  return setRequestCartQuantity(thisRequest, productId, quantity, expectedOwner);
}

export async function removeFromCartAction(productId: unknown, expectedOwner?: unknown): Promise<RemoveFromCartResult> {
  return removeFromRequestCart(thisRequest, productId, expectedOwner);
}

/** The undo of a Delete: puts the line back with the quantity it had. */
export async function restoreCartLineAction(productId: unknown, quantity: unknown, expectedOwner?: unknown): Promise<AddToCartResult> {
  return restoreToRequestCart(thisRequest, productId, quantity, expectedOwner);
}
