import type { Product } from "@/lib/data/types";
import { ProductCard } from "./product-card";
import styles from "./product-grid.module.css";

/** A responsive grid of product cards; the first `priorityCount` images load eagerly. */
export function ProductGrid({ products, priorityCount = 0 }: { products: Product[]; priorityCount?: number }) {
  return (
    <ul className={styles.grid}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
