import Link from "next/link";
import type { Product } from "@/lib/data/types";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import styles from "./product-card.module.css";

interface ProductCardProps {
  product: Product;
  /** Above-the-fold cards load their image first (LCP). */
  priority?: boolean;
}

/** A product tile linking to its details page. */
export function ProductCard({ product, priority = false }: ProductCardProps) {
  return (
    <article className={styles.card}>
      <Link href={`/details-page/${product.id}`} className={styles.link}>
        <ProductImage
          src={product.image}
          alt={product.name}
          sizes="(max-width: 480px) 100vw, (max-width: 1024px) 50vw, 300px"
          priority={priority}
          className={styles.image}
        />
        <div className={styles.body}>
          <span className={styles.type}>{product.type}</span>
          <h3 className={styles.name}>{product.name}</h3>
          <Price value={product.price} className={styles.price} />
        </div>
      </Link>
    </article>
  );
}
