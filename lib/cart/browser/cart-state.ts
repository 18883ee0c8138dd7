/**
 * The page's cart state (zustand): lib/cart/optimistic-cart.ts's logic wired
 * to the real effects, the cart server actions, GET /api/cart and the toasts.
 * One per page; components read it with useCartState(selector), and
 * non-React code (the live updates) through cartState.getState().
 */
import "client-only";
import toast from "react-hot-toast";
import { useStore } from "zustand";
import { addToCartAction, removeFromCartAction, restoreCartLineAction, setCartQuantityAction } from "@/lib/cart/actions";
import { CART_SNAPSHOT_PATH, parseCartSnapshot } from "@/lib/cart/cart-snapshot";
import { createCartState, type CartState } from "@/lib/cart/optimistic-cart";
import { cartToast } from "./toasts";

export type { CartState };

export const cartState = createCartState({
  add: addToCartAction,
  setQuantity: setCartQuantityAction,
  remove: removeFromCartAction,
  restore: restoreCartLineAction,
  async fetchSnapshot() {
    const response = await fetch(CART_SNAPSHOT_PATH, { cache: "no-store", credentials: "same-origin" });
    return response.ok ? parseCartSnapshot(await response.text()) : null;
  },
  toasts: {
    added: cartToast.added,
    increased: cartToast.increased,
    removed: cartToast.removed,
    error: cartToast.error,
    dismiss: (id) => toast.dismiss(id),
  },
});

/** Subscribes a component to the part of the cart state it shows. */
export function useCartState<T>(selector: (state: CartState) => T): T {
  return useStore(cartState, selector);
}
