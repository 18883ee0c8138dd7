/**
 * The cart's toasts, exactly as the spec words them: a new product shows the
 * success toast "added item to cart", one already in the cart the info toast
 * "increased product quantity", both bottom-right, as is a deleted line's
 * (with its Undo). Every other toast keeps the
 * Toaster's defaults (top-right, 5000 ms). react-hot-toast has no info type,
 * so the info toast is a plain toast with an info icon. The classes name the
 * kind for styling and tests.
 */
import "client-only";
import toast from "react-hot-toast";
import { showRemovedToast } from "./removed-toast";

export const TOAST_DURATION_MS = 5000;

export const cartToast = {
  added: () =>
    toast.success("added item to cart", {
      position: "bottom-right",
      className: "cart-toast cart-toast-success",
    }),
  increased: () =>
    toast("increased product quantity", {
      position: "bottom-right",
      icon: "ℹ️",
      className: "cart-toast cart-toast-info",
      ariaProps: { role: "status", "aria-live": "polite" },
    }),
  /** A deleted line, with Undo while its product exists (removed-toast.tsx). */
  removed: showRemovedToast,
  error: (message: string) => toast.error(message, { className: "cart-toast cart-toast-error" }),
  /** After a merge that had no room for some guest lines (the account's lines were all kept), in lib/cart/left-out-notice.ts's words. */
  linesLeftOut: (message: string) => toast.error(message, { className: "cart-toast cart-toast-error", duration: 2 * TOAST_DURATION_MS }),
};
