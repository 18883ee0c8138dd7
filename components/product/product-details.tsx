import type { ReactNode } from "react";
import type { StockShown } from "@/lib/data/rules/stock-shown";
import type { Product } from "@/lib/data/contract/catalog";
import { Price } from "./price";
import { ProductGallery } from "./product-gallery";
import { StockBadge } from "./stock-badge";
import styles from "./product-details.module.css";

interface ProductDetailsProps {
  product: Product;
  /** Purchase controls (the cart's Add to Cart button) go here; nothing renders without them. */
  actions?: ReactNode;
  /** What the page shows of the product's stock ("Only N left", "Out of stock"); nothing when absent. */
  stock?: StockShown;
}

/** A product's details page body: its images, name, type, USD price, its stock's words, description. */
export function ProductDetails({ product, actions, stock }: ProductDetailsProps) {
  return (
    <article className={styles.details} data-testid="product-details">
      <div className={styles.media}>
        <ProductGallery images={product.images} />
      </div>
      <div className={styles.info}>
        <span className={styles.type}>{product.type}</span>
        <h1 className={styles.name}>{product.name}</h1>
        <p className={styles.priceLine}>
          <Price cents={product.priceCents} className={styles.price} />
          <span className={styles.currency}>USD</span>
        </p>
        {stock ? <StockBadge stock={stock} /> : null}
        <p className={styles.description}>{product.details}</p>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </article>
  );
}
