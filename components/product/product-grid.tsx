import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { toCartProduct } from "@/lib/cart/cart-lines";
import type { Product } from "@/lib/data/types";
import { ProductCard } from "./product-card";
import styles from "./product-grid.module.css";

/** A responsive grid of product cards with Add to Cart; the first `priorityCount` images load eagerly. */
export function ProductGrid({ products, priorityCount = 0 }: { products: Product[]; priorityCount?: number }) {
  return (
    <ul className={styles.grid}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            priority={index < priorityCount}
            actions={<AddToCartButton product={toCartProduct(product)} />}
          />
        </li>
      ))}
    </ul>
  );
}
