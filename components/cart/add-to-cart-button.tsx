"use client";

import { useCartState } from "@/lib/cart/browser/cart-state";
import type { CartProduct } from "@/lib/cart/cart-lines";
import styles from "./add-to-cart-button.module.css";

/**
 * Add to Cart for one product. The badge and toast respond at once; the
 * server action persists the line and the cart state rolls back (with an
 * error toast) if the server refuses.
 */
export function AddToCartButton({ product }: { product: CartProduct }) {
  const addToCart = useCartState((state) => state.addToCart);
  return (
    <button type="button" className={styles.button} onClick={() => void addToCart(product)}>
      Add to Cart<span className="visually-hidden">: {product.name}</span>
    </button>
  );
}
