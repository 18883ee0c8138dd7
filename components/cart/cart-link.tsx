"use client";

import { SiteLink } from "@/components/links/site-link";
import { useCartState } from "@/lib/cart/browser/cart-state";
import styles from "./cart-link.module.css";

/**
 * The header's cart link with the real item count. A client island: the
 * header's server HTML is the same for every visitor (cached pages stay
 * static) and the count arrives with the live stream's first cart snapshot,
 * then follows every change. No badge while the count is 0 or unknown.
 */
export function CartLink() {
  const count = useCartState((state) => state.cartTotalQuantity);
  const loaded = useCartState((state) => state.loaded);
  const shown = count > 99 ? "99+" : String(count);
  // The name holds the visible text in its order ("Cart 2" in "Cart, 2 items"),
  // as speech input users say what they see (WCAG 2.5.3, label in name).
  const label = count > 0 ? `Cart, ${shown} ${count === 1 ? "item" : "items"}` : "Cart";
  return (
    <SiteLink href="/cart-page" className={styles.cart} aria-label={label} data-loaded={loaded ? "" : undefined}>
      <CartIcon className={styles.cartIcon} />
      <span className={styles.word} aria-hidden="true">
        Cart
      </span>
      {/* A space between the word and the count: their text reads "Cart 2", not "Cart2". */}
      {count > 0 ? " " : null}
      {count > 0 ? (
        <span className={styles.badge} data-testid="cart-count" aria-hidden="true">
          {shown}
        </span>
      ) : null}
    </SiteLink>
  );
}

function CartIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path
        d="M3 5h4l3.2 15.2a2 2 0 0 0 2 1.6h11.6a2 2 0 0 0 2-1.5L28 10H8.4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="13" cy="27" r="2" fill="currentColor" />
      <circle cx="24" cy="27" r="2" fill="currentColor" />
    </svg>
  );
}
