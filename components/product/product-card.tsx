import Link from "next/link";
import type { ReactNode } from "react";
import type { Product } from "@/lib/data/types";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import styles from "./product-card.module.css";

interface ProductCardProps {
  product: Product;
  /** Above-the-fold cards load their image first (LCP). */
  priority?: boolean;
  /** The image's `sizes`; the default fits the product grid. */
  sizes?: string;
  /**
   * Controls below the card's link (e.g. Add to Cart). Rendered outside the
   * link so a button never sits inside an anchor.
   */
  actions?: ReactNode;
  /** On phones (below 480 px) lay the card out sideways: image left, text right. For one-per-view carousels. */
  rowOnPhone?: boolean;
}

/** A product tile linking to its details page. */
export function ProductCard({
  product,
  priority = false,
  sizes = "(max-width: 480px) 100vw, (max-width: 1024px) 50vw, 300px",
  actions,
  rowOnPhone = false,
}: ProductCardProps) {
  return (
    <article className={rowOnPhone ? `${styles.card} ${styles.rowOnPhone}` : styles.card}>
      <Link href={`/details-page/${product.id}`} className={styles.link}>
        <ProductImage src={product.image} alt={product.name} sizes={sizes} priority={priority} className={styles.image} />
        <div className={styles.body}>
          <span className={styles.type}>{product.type}</span>
          <h3 className={styles.name}>{product.name}</h3>
          <Price value={product.price} className={styles.price} />
        </div>
      </Link>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </article>
  );
}
