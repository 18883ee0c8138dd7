import type { StockShownById } from "@/lib/catalog/read";
import type { Product } from "@/lib/data/contract/catalog";
import { toCardProduct } from "./card-product";
import { ProductCard } from "./product-card";
import styles from "./product-grid.module.css";

interface ProductGridProps {
  products: Product[];
  /** What each card shows of its product's stock (lib/catalog/read.ts), by id. */
  stock: StockShownById;
  /**
   * The grid's heading, for screen readers only (the page's h1 says it
   * visibly): the cards' names are h3s, and headings must not skip a level.
   */
  heading: string;
  /** The first `priorityCount` images load eagerly (above the fold, LCP). */
  priorityCount?: number;
}

/** A responsive grid of product cards with Add to Cart, under its own h2. */
export function ProductGrid({ products, stock, heading, priorityCount = 0 }: ProductGridProps) {
  return (
    <>
      <h2 className="visually-hidden">{heading}</h2>
      <ul className={styles.grid}>
        {products.map((product, index) => (
          <li key={product.id}>
            <ProductCard product={toCardProduct(product)} layout="grid" priority={index < priorityCount} stock={stock[product.id]} />
          </li>
        ))}
      </ul>
    </>
  );
}
