"use client";

import Link from "next/link";
import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { toCartProduct } from "@/lib/cart/cart-lines";
import type { StockShown } from "@/lib/data/rules/stock-shown";
import { productPath } from "@/lib/site-links";
import type { CardProduct } from "./card-product";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import { StockBadge } from "./stock-badge";
import styles from "./product-card.module.css";

/** How wide the card's image renders at each viewport, per place a card appears. */
const SIZES = {
  /** Category and search grids: 2 across below 480 px, at least 2 up to 1024 px (product-grid.module.css). */
  grid: "(max-width: 1024px) 50vw, 300px",
  /** Home's price-card grid: 6 across, 3 below 1024 px, 2 below 600 px. */
  picks: "(max-width: 600px) 50vw, (max-width: 1024px) 33vw, 200px",
  /** Multi-product carousels: 6 / 3 / 2 / 1 per view. */
  carousel: "(max-width: 480px) 40vw, (max-width: 600px) 50vw, (max-width: 1024px) 33vw, 200px",
  /** Single-item carousels: 4 across, 2 below 1024 px, 1 below 600 px. */
  single: "(max-width: 480px) 40vw, (max-width: 600px) 100vw, (max-width: 1024px) 50vw, 300px",
} as const;

const NO_STOCK_SHOWN: StockShown = { kind: "none" };

type CardLayout = keyof typeof SIZES;

interface ProductCardProps {
  product: CardProduct;
  layout: CardLayout;
  /** Above-the-fold cards load their image first (LCP). */
  priority?: boolean;
  /** On phones (below 480 px) lay the card out sideways: image left, text right. For one-per-view carousels. */
  rowOnPhone?: boolean;
  /** What the card shows of the product's stock (lib/catalog/read.ts reads it with the products); none when absent. */
  stock?: StockShown;
}

/**
 * A product tile linking to its details page, with its stock's words
 * ("Only N left", "Out of stock") under the price and Add to Cart below the
 * link (a button never sits inside an anchor; disabled at 0). A client component although
 * it has no state of its own: a server component's markup is sent twice, as
 * HTML and again in the page's RSC payload, while a client component's
 * payload is only its props: 40 kB less with home's 50 cards.
 */
export function ProductCard({ product, layout, priority = false, rowOnPhone = false, stock = NO_STOCK_SHOWN }: ProductCardProps) {
  return (
    <article className={rowOnPhone ? `${styles.card} ${styles.rowOnPhone}` : styles.card}>
      <Link href={productPath(product.id)} className={styles.link}>
        <ProductImage src={product.image} alt={product.name} sizes={SIZES[layout]} priority={priority} className={styles.image} />
        <div className={styles.body}>
          <span className={styles.type}>{product.type}</span>
          <h3 className={styles.name}>{product.name}</h3>
          <Price cents={product.priceCents} className={styles.price} />
          <StockBadge stock={stock} />
        </div>
      </Link>
      <div className={styles.actions}>
        <AddToCartButton product={toCartProduct(product)} outOfStock={stock.kind === "out"} />
      </div>
    </article>
  );
}
