"use client";

import { Price } from "@/components/product/price";
import type { CheckoutSummary } from "@/lib/orders/checkout-lines";
import styles from "./checkout-form.module.css";

interface OrderSummaryProps {
  summary: CheckoutSummary;
  /** A refused line's reason, by product id (the form's state after a refusal). */
  lineProblems: Record<string, string>;
  /** The order is being placed. */
  pending: boolean;
}

/** The checkout's "Your order": its lines at the server's prices, each refusal next to its line, the totals and Place order. */
export function OrderSummary({ summary, lineProblems, pending }: OrderSummaryProps) {
  return (
    <section className={styles.summary} aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading">Your order</h2>
      <ul className={styles.lines} aria-label="Order lines">
        {summary.lines.map((line) => (
          <li key={line.productId} className={styles.line} data-testid="checkout-line" data-line-id={line.productId}>
            <span className={styles.lineName}>
              {line.name} <span className={styles.quantity}>× {line.quantity}</span>
            </span>
            {line.unitPrice === null ? (
              <span className={styles.gone}>no longer available</span>
            ) : (
              <Price value={(Math.round(line.unitPrice * 100) * line.quantity) / 100} className={styles.linePrice} />
            )}
            {lineProblems[line.productId] ? (
              <p className={styles.lineProblem} data-testid="line-problem">
                {lineProblems[line.productId]}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        <div>
          <dt>Subtotal</dt>
          <dd>
            <Price value={summary.subtotalCents / 100} />
          </dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>Free</dd>
        </div>
        <div className={styles.total}>
          <dt>Total</dt>
          <dd data-testid="checkout-total">
            <Price value={summary.subtotalCents / 100} /> USD
          </dd>
        </div>
      </dl>
      <p className={styles.payment}>Payment: pay on delivery.</p>
      <button type="submit" className={styles.place} disabled={pending || !summary.orderable}>
        {pending ? "Placing your order…" : "Place order"}
      </button>
      {!summary.orderable && summary.lines.length > 0 ? (
        <p className={styles.note}>A product in your cart is no longer available: remove it from your cart to order the rest.</p>
      ) : null}
    </section>
  );
}
