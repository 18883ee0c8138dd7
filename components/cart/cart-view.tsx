"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";
import { Price } from "@/components/product/price";
import { useCartState } from "@/lib/cart/browser/cart-state";
import type { CartEntry } from "@/lib/cart/cart-entry";
import { totalCents, totalQuantity } from "@/lib/cart/cart-lines";
import { SHORT_OF_STOCK_BLOCKS, stockShortfall } from "@/lib/cart/stock-shortfall";
import { CHECKOUT_PATH } from "@/lib/orders/paths";
import { CartLine } from "./cart-line";
import styles from "./cart-view.module.css";
import { useCartFocus } from "./use-cart-focus";

/**
 * The cart's lines and subtotal. Server-rendered from `initialItems`; once
 * the cart state has the server's cart (live stream) it shows the state's,
 * so deletes and changes from other tabs appear without a reload. Each line
 * shows the catalogue's current name, image and price: a changed price says
 * so, and a deleted product's line says "no longer available", counts for
 * nothing and can only be deleted. Delete is the one way to remove a line
 * (its toast can undo it); keyboard focus follows lines as they go and come
 * back (use-cart-focus.ts). `stock` holds the tracked stock of the lines
 * the page was rendered with (lib/cart/line-stock.ts): a line's plus stops
 * there, a line holding more than that says so and Checkout is disabled
 * until it is lowered or deleted (lib/cart/stock-shortfall.ts); a line added
 * since has no such stop here, and the server refuses what passes its stock
 * (lib/cart/stock-check.ts). A line is cart-line.tsx.
 */
export function CartView({
  initialItems,
  stock = {},
  shippingNote = null,
}: {
  initialItems: CartEntry[];
  stock?: Record<string, number>;
  /** The shipping estimate in words (lib/orders/shipping-quote.ts, shippingEstimate); null when the zones were not read. */
  shippingNote?: string | null;
}) {
  const hydrated = useHydrated();
  const loaded = useCartState((state) => state.loaded);
  const storeItems = useCartState((state) => state.cartItems);
  const removeFromCart = useCartState((state) => state.removeFromCart);
  const setQuantity = useCartState((state) => state.setQuantity);
  const items = loaded ? storeItems : initialItems;
  const { listRef, onListFocus, onListBlur, emptyRef, focusWhenRestored } = useCartFocus(items.map((item) => item.id));
  const remove = (id: string) => void removeFromCart(id, { onUndo: () => focusWhenRestored(id) });

  if (items.length === 0)
    return (
      <>
        {/* Focusable by script only: where focus goes when the last line is deleted. */}
        <p className="status-text" tabIndex={-1} ref={emptyRef}>
          no items in cart
        </p>
        <CheckoutButton blocked="Your cart is empty: add a product to check out." />
      </>
    );
  const gone = items.filter((item) => !item.available).length;
  const short = items.some((item) => item.available && stockShortfall(item.cartQuantity, stock[item.id] ?? null) !== null);

  const count = totalQuantity(items);
  return (
    <div className={styles.cart}>
      <ul className={styles.lines} aria-label="Cart items" ref={listRef} onFocus={onListFocus} onBlur={onListBlur}>
        {items.map((item) => (
          <CartLine
            key={item.id}
            item={item}
            hydrated={hydrated}
            stock={stock[item.id] ?? null}
            onQuantity={(quantity) => void setQuantity(item.id, quantity)}
            onDelete={() => remove(item.id)}
          />
        ))}
      </ul>
      <p className={styles.subtotal} data-testid="subtotal">
        Subtotal ({count} {count === 1 ? "item" : "items"}): <Price cents={totalCents(items)} className={styles.amount} /> USD
      </p>
      {shippingNote ? (
        <p className={styles.note} data-testid="shipping-estimate">
          {shippingNote}
        </p>
      ) : null}
      {gone > 0 ? (
        <p className={styles.note}>
          {gone === 1 ? "One product in your cart is" : `${gone} products in your cart are`} no longer available and not counted.
        </p>
      ) : null}
      <CheckoutButton blocked={gone > 0 ? "Delete the products no longer available to check out." : short ? SHORT_OF_STOCK_BLOCKS : null} />
    </div>
  );
}

/** "Checkout": a link to the checkout, or a disabled button saying why not (`blocked`). */
function CheckoutButton({ blocked }: { blocked: string | null }) {
  if (blocked === null)
    return (
      <Link href={CHECKOUT_PATH} className={styles.checkout}>
        Checkout
      </Link>
    );
  return (
    <div className={styles.checkoutBlocked}>
      <button type="button" className={styles.checkout} disabled aria-describedby="checkout-blocked">
        Checkout
      </button>
      <p id="checkout-blocked" className={styles.note}>
        {blocked}
      </p>
    </div>
  );
}

const noSubscription = () => () => {};

/** False in the server HTML and while hydrating, true once React runs this component in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
