import type { Order } from "@/lib/data/contract/orders";
import { returnDeadline } from "@/lib/orders/order-labels";
import { orderSummary } from "@/lib/orders/order-summary";
import { CartAfterOrder } from "./cart-after-order";
import { OrderHistory, OrderLines, OrderParties, OrderStateList } from "./order-parts";
import styles from "./order-view.module.css";

/**
 * One order as its owner sees it: reference, state of fulfilment, payment
 * and return, lines, totals, contact, address and history. `actions` is the
 * return request's form when one may be made.
 */
export function OrderView({ order, actions, notice }: { order: Order; actions?: React.ReactNode; notice?: string | null }) {
  const summary = orderSummary(order, "shopper");
  return (
    <article className={styles.order} aria-labelledby="order-heading">
      <header className={styles.head}>
        <h1 id="order-heading" className={styles.heading}>
          Order <span data-testid="order-reference">{order.reference}</span>
        </h1>
        <p className={styles.placed}>Placed {summary.placed}</p>
        {order.fulfilment === "placed" ? <CartAfterOrder /> : null}
        {order.fulfilment === "placed" ? (
          <p className={styles.thanks} role="status">
            Thank you for your order. We have emailed a confirmation to {order.contact.email || "you"}
            {order.paymentMethod === "pay_on_delivery" ? "; pay when it is delivered." : "."}
          </p>
        ) : null}
        {notice ? (
          <p className={styles.notice} role="status" data-testid="card-notice">
            {notice}
          </p>
        ) : null}
      </header>
      <OrderStateList summary={summary} />
      <OrderLines summary={summary} />
      <OrderParties summary={summary} />
      {order.fulfilment === "delivered" && order.deliveredAt !== null && order.returnState === null ? (
        <p className={styles.muted}>A return can be requested until {returnDeadline(order.deliveredAt)}.</p>
      ) : null}
      {order.returnReason ? <p>Your reason for the return: “{order.returnReason}”</p> : null}
      {actions}
      <OrderHistory order={order} />
    </article>
  );
}
