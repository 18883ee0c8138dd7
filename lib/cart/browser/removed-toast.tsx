/**
 * The toast of a deleted cart line: "Removed “name” from your cart." with an
 * Undo button while the product still exists (the cart state, over
 * lib/cart/optimistic-cart.ts, puts the line back with its quantity). Bottom
 * right like the other cart toasts, for the Toaster's 5000 ms (paused while
 * hovered, and while focus is in it: components/cart/cart-toaster.tsx).
 */
import "client-only";
import toast from "react-hot-toast";
import type { CartEntry } from "@/lib/cart/cart-entry";
import styles from "./removed-toast.module.css";

export function showRemovedToast(entry: CartEntry, undo: (() => void) | null): string {
  return toast(
    () => (
      <span className={styles.message}>
        <span>Removed “{entry.name}” from your cart.</span>
        {undo ? (
          <button type="button" className={styles.undo} onClick={undo}>
            Undo
          </button>
        ) : null}
      </span>
    ),
    { position: "bottom-right", className: "cart-toast cart-toast-removed" },
  );
}
