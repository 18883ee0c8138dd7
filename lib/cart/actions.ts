"use server";

/**
 * Cart server actions. The owner is always this request's (session, else the
 * guest cookie), never an argument: a caller can only ever touch its own cart.
 * Arguments arrive from the network, so they are typed `unknown` and validated
 * (request-cart.ts).
 */
import { getStore } from "@/lib/data";
import { currentCartOwner } from "./owner";
import { addToRequestCart, removeFromRequestCart, type CartRequest } from "./request-cart";
import type { AddToCartResult, RemoveFromCartResult } from "./results";

const thisRequest: CartRequest = { owner: currentCartOwner, store: getStore };

export async function addToCart(productId: unknown): Promise<AddToCartResult> {
  return addToRequestCart(thisRequest, productId);
}

export async function removeFromCart(productId: unknown): Promise<RemoveFromCartResult> {
  return removeFromRequestCart(thisRequest, productId);
}
