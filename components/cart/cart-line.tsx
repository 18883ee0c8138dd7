"use client";

import Link from "next/link";
import { Price } from "@/components/product/price";
import { ProductImage } from "@/components/product/product-image";
import type { CartEntry } from "@/lib/cart/cart-entry";
import { entryCents, priceChanged } from "@/lib/cart/cart-lines";
import { stockShortfall } from "@/lib/cart/stock-shortfall";
import { productPath } from "@/lib/site-links";
import styles from "./cart-view.module.css";
import { QuantityStepper } from "./quantity-stepper";

interface CartLineProps {
  item: CartEntry;
  /** False in the server HTML and while hydrating: the line's controls are shown, but disabled. */
  hydrated: boolean;
  /** The product's tracked stock the page was rendered with; null when none. */
  stock: number | null;
  onQuantity(quantity: number): void;
  onDelete(): void;
}

/** One line of the cart (cart-view.tsx): picture, name, its figures or "no longer available", too few in stock, a changed price, Delete. */
export function CartLine({ item, hydrated, stock, onQuantity, onDelete }: CartLineProps) {
  const shortfall = item.available ? stockShortfall(item.cartQuantity, stock) : null;
  return (
    <li className={item.available ? styles.line : `${styles.line} ${styles.gone}`} data-testid="cart-line" data-line-id={item.id}>
      <ProductImage src={item.image} alt={item.name} sizes="96px" className={styles.image} />
      <div className={styles.info}>
        {item.available ? (
          <Link href={productPath(item.id)} className={styles.name}>
            {item.name}
          </Link>
        ) : (
          <span className={styles.name}>{item.name}</span>
        )}
        {item.available ? (
          <LineFacts item={item} hydrated={hydrated} stock={stock} onQuantity={onQuantity} />
        ) : (
          <p className={styles.unavailable} data-testid="unavailable">
            no longer available
          </p>
        )}
        {shortfall ? (
          <p className={styles.notice} data-testid="stock-shortfall">
            {shortfall}
          </p>
        ) : null}
        {priceChanged(item) ? (
          <p className={styles.notice} data-testid="price-changed">
            The price changed from <Price cents={item.addedPriceCents} /> to <Price cents={item.priceCents} /> since you added it.
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className={styles.delete}
        onClick={onDelete}
        // Streamed in after the page's shell, the cart hydrates once its
        // own script has loaded; a press before that would do nothing.
        disabled={!hydrated}
        aria-label={`Delete ${item.name}`}
        data-line-delete=""
      >
        Delete
      </button>
    </li>
  );
}

/** An available line's unit price, quantity stepper and total. */
function LineFacts({ item, hydrated, stock, onQuantity }: Omit<CartLineProps, "onDelete">) {
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Unit price</dt>
        <dd data-testid="unit-price">
          <Price cents={item.priceCents} />
        </dd>
      </div>
      <div>
        <dt>Quantity</dt>
        <dd>
          <QuantityStepper name={item.name} quantity={item.cartQuantity} disabled={!hydrated} stock={stock} onChange={onQuantity} />
        </dd>
      </div>
      <div>
        <dt>Total</dt>
        <dd data-testid="line-total">
          <Price cents={entryCents(item)} />
        </dd>
      </div>
    </dl>
  );
}
