"use client";

import type { FormEvent } from "react";
import { useCartState } from "@/lib/cart/browser/cart-state";
import type { CartProduct } from "@/lib/cart/cart-lines";
import { CART_WITHOUT_JAVASCRIPT_PATH } from "@/lib/cart/without-javascript";
import styles from "./add-to-cart-button.module.css";

/**
 * Add to Cart for one product. With JavaScript the badge and toast respond
 * at once; the server action persists the line and the cart state rolls
 * back (with an error toast) if the server refuses. Without it (scripts off,
 * or not arrived yet) the same button posts its form, and the answer is the
 * cart page that works without JavaScript. Out of stock, the button is
 * disabled and says why (the page shows "Out of stock" beside it); the
 * server refuses the add anyway (lib/cart/stock-check.ts).
 */
export function AddToCartButton({ product, outOfStock = false }: { product: CartProduct; outOfStock?: boolean }) {
  const addToCart = useCartState((state) => state.addToCart);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void addToCart(product);
  };
  return (
    <form method="post" action={CART_WITHOUT_JAVASCRIPT_PATH} className={styles.form} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      <button type="submit" className={styles.button} disabled={outOfStock}>
        Add to Cart<span className="visually-hidden">: {outOfStock ? `${product.name}, out of stock` : product.name}</span>
      </button>
    </form>
  );
}
