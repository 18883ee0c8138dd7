/**
 * The page's cart state (zustand): lib/cart/optimistic-cart.ts's logic wired
 * to the real effects, the cart server actions, GET /api/cart and the toasts.
 * One per page; components read it with useCartState(selector), and
 * non-React code (the live updates) through cartState.getState().
 *
 * Every action names the owner the header shows (lib/auth/browser/
 * shown-account.ts, lib/cart/session-guard.ts). When the server refuses a
 * change because the session is no longer that owner (signed out or in
 * another tab), the refusal's message is the error toast, and the page is
 * told the session changed (SESSION_CHANGED_EVENT): the header, the cart and
 * the live stream follow the real owner.
 */
import "client-only";
import toast from "react-hot-toast";
import { useStore } from "zustand";
import { shownAccount } from "@/lib/auth/browser/shown-account";
import { addToCartAction, removeFromCartAction, restoreCartLineAction, setCartQuantityAction } from "@/lib/cart/actions";
import { CART_SNAPSHOT_PATH, parseCartSnapshot } from "@/lib/cart/cart-snapshot";
import { createCartState, type CartState } from "@/lib/cart/optimistic-cart";
import { expectedOwnerFor, isSessionRefusal, type ExpectedOwner } from "@/lib/cart/session-guard";
import { SESSION_CHANGED_EVENT } from "@/lib/live/protocol";
import { sayCartLinesLeftOut } from "./left-out";
import { cartToast } from "./toasts";

/**
 * The owner a cart change from this tab expects: the account the header
 * shows, or a guest while it shows Sign In; none while the session is still
 * loading or unavailable (the server then does not check).
 */
function expectedCartOwner(): ExpectedOwner | undefined {
  const { account } = shownAccount.getState();
  if (account.status === "signed-in") return expectedOwnerFor(account.uid);
  if (account.status === "signed-out") return expectedOwnerFor(null);
  return undefined;
}

/**
 * Passes an action's result on; a refusal for a changed session first tells
 * the page to follow the session. An action may have merged a leftover guest
 * cart that had no room for some lines: its answer brought the notice, shown
 * once (left-out.ts).
 */
async function followingSession<Result extends { ok: boolean; code?: string }>(call: Promise<Result>): Promise<Result> {
  const result = await call;
  sayCartLinesLeftOut();
  if (!result.ok && isSessionRefusal(result.code)) window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
  return result;
}

/**
 * The owner each Delete was made as: its Undo puts the line back into that
 * cart or nowhere. A session that changed in between (signed out in this or
 * another tab) refuses the Undo rather than filling the new owner's cart.
 */
const removedAs = new Map<string, ExpectedOwner | undefined>();

export const cartState = createCartState({
  add: (productId) => followingSession(addToCartAction(productId, expectedCartOwner())),
  setQuantity: (productId, quantity) => followingSession(setCartQuantityAction(productId, quantity, expectedCartOwner())),
  remove: (productId) => {
    const owner = expectedCartOwner();
    removedAs.set(productId, owner);
    return followingSession(removeFromCartAction(productId, owner));
  },
  restore: (productId, quantity) => {
    const owner = removedAs.has(productId) ? removedAs.get(productId) : expectedCartOwner();
    removedAs.delete(productId);
    return followingSession(restoreCartLineAction(productId, quantity, owner));
  },
  async fetchSnapshot() {
    const response = await fetch(CART_SNAPSHOT_PATH, { cache: "no-store", credentials: "same-origin" });
    sayCartLinesLeftOut();
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
