"use client";

import Link from "next/link";
import { Price } from "@/components/product/price";
import type { Bill } from "@/lib/data/rules/bill";
import { taxAmount, taxLabel } from "@/lib/orders/bill-quote";
import { discountLabel } from "@/lib/orders/discount-words";
import { formatCents } from "@/lib/money";
import type { CheckoutSummary } from "@/lib/orders/checkout-lines";
import { onlyPaymentNote } from "@/lib/orders/checkout-fields";
import { shippingAmount } from "@/lib/orders/shipping-quote";
import styles from "./checkout-form.module.css";

interface OrderSummaryProps {
  summary: CheckoutSummary;
  /** The bill of the address as typed; null until it is one the zones serve. */
  bill: Bill | null;
  /** The code typed ("" for none) and what it takes off, null until Place order prices it. */
  discount: { code: string; cents: number | null };
  /** A refused line's reason, by product id (the form's state after a refusal). */
  lineProblems: Record<string, string>;
  /** The order is being placed. */
  pending: boolean;
}

/**
 * The checkout's "Your order": its lines at the server's prices, each
 * refusal next to its line (and a line with too few in stock at once, as the
 * page shows it), the totals and Place order, disabled with its reason while
 * a line cannot be ordered.
 */
export function OrderSummary({ summary, bill, discount, lineProblems, pending }: OrderSummaryProps) {
  const paymentNote = onlyPaymentNote(summary.payments);
  return (
    <section className={styles.summary} aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading">Your order</h2>
      <ul className={styles.lines} aria-label="Order lines">
        {summary.lines.map((line) => (
          <li key={line.productId} className={styles.line} data-testid="checkout-line" data-line-id={line.productId}>
            <span className={styles.lineName}>
              {line.name} <span className={styles.quantity}>× {line.quantity}</span>
            </span>
            {line.amountCents === null ? (
              <span className={styles.gone}>no longer available</span>
            ) : (
              <Price cents={line.amountCents} className={styles.linePrice} />
            )}
            {lineProblems[line.productId] || line.stockProblem ? (
              <p className={styles.lineProblem} data-testid="line-problem">
                {lineProblems[line.productId] ?? line.stockProblem}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        <div>
          <dt>Subtotal</dt>
          <dd>
            <Price cents={summary.subtotalCents} />
          </dd>
        </div>
        {discount.code === "" ? null : (
          <div>
            <dt>{discountLabel(discount.code)}</dt>
            <dd data-testid="checkout-discount" aria-live="polite">
              {discount.cents === null ? "Shown when you place your order" : `−${formatCents(discount.cents)}`}
            </dd>
          </div>
        )}
        <div>
          <dt>Shipping{bill ? ` (${bill.shipping.zone.name})` : null}</dt>
          <dd data-testid="checkout-shipping" aria-live="polite">
            {bill ? shippingAmount(bill.shipping.cents) : "Enter your address"}
          </dd>
        </div>
        <div>
          <dt>{bill ? taxLabel(bill.tax) : "Sales tax"}</dt>
          <dd data-testid="checkout-tax" aria-live="polite">
            {bill ? taxAmount(bill.tax) : "Enter your address"}
          </dd>
        </div>
        <div className={styles.total}>
          <dt>Total</dt>
          <dd data-testid="checkout-total">
            <Price cents={bill?.totalCents ?? summary.subtotalCents - (discount.cents ?? 0)} /> USD
          </dd>
        </div>
      </dl>
      {paymentNote ? <p className={styles.payment}>{paymentNote}</p> : null}
      <button
        type="submit"
        className={styles.place}
        disabled={pending || !summary.orderable}
        aria-describedby={summary.blocked ? "checkout-blocked" : undefined}
      >
        {pending ? "Placing your order…" : "Place order"}
      </button>
      {summary.blocked ? (
        <p id="checkout-blocked" className={styles.note} data-testid="checkout-blocked">
          {summary.blocked} <Link href="/cart-page">Go to your cart</Link>
        </p>
      ) : null}
    </section>
  );
}
