import type { ReactNode } from "react";
import type { Product } from "@/lib/data/types";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import styles from "./product-details.module.css";

interface ProductDetailsProps {
  product: Product;
  /** Purchase controls (the cart's Add to Cart button) go here; nothing renders without them. */
  actions?: ReactNode;
}

/** A product's details page body: image, name, type, USD price, description. */
export function ProductDetails({ product, actions }: ProductDetailsProps) {
  return (
    <article className={styles.details}>
      <div className={styles.media}>
        <ProductImage
          src={product.image}
          alt={product.name}
          sizes="(max-width: 768px) 100vw, 560px"
          priority
          className={styles.image}
        />
      </div>
      <div className={styles.info}>
        <span className={styles.type}>{product.type}</span>
        <h1 className={styles.name}>{product.name}</h1>
        <p className={styles.priceLine}>
          <Price value={product.price} className={styles.price} />
          <span className={styles.currency}>USD</span>
        </p>
        <p className={styles.description}>{product.details}</p>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </article>
  );
}
