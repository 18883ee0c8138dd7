"use server";

/**
 * Cart server actions. The owner is always this request's (session, else the
 * guest cookie), never an argument: a caller can only ever touch its own cart.
 * Arguments arrive from the network, so they are typed `unknown` and validated.
 */
import { getStore } from "@/lib/data";
import { currentCartOwner } from "./owner";
import { cartFailure, parseProductId, type AddToCartResult, type RemoveFromCartResult } from "./results";
import { addToOwnerCart, removeFromOwnerCart } from "./service";

export async function addToCart(productId: unknown): Promise<AddToCartResult> {
  // Validate before the owner lookup: a bad call must not even create a cart cookie.
  const id = parseProductId(productId);
  if (!id.ok) return id;
  try {
    const owner = await currentCartOwner({ create: true });
    if (!owner) return cartFailure("unavailable");
    return await addToOwnerCart(await getStore(), owner, id.id);
  } catch (error) {
    console.error("addToCart failed", error);
    return cartFailure("unavailable");
  }
}

export async function removeFromCart(productId: unknown): Promise<RemoveFromCartResult> {
  const id = parseProductId(productId);
  if (!id.ok) return id;
  try {
    const owner = await currentCartOwner({ create: false });
    return await removeFromOwnerCart(await getStore(), owner, id.id);
  } catch (error) {
    console.error("removeFromCart failed", error);
    return cartFailure("unavailable");
  }
}
