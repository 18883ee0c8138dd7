import { FULFILMENT_LABELS, PAYMENT_LABELS, RETURN_LABELS } from "@/lib/admin/orders/order-steps";
import type { Order } from "@/lib/data/order-types";
import styles from "./orders.module.css";

/** An order's fulfilment, payment and (when there is one) return state, as words. */
export function OrderStates({ order }: { order: Pick<Order, "fulfilment" | "payment" | "returnState"> }) {
  return (
    <span className={styles.states} data-testid="order-states">
      <span className={styles.state}>{FULFILMENT_LABELS[order.fulfilment]}</span>
      <span className={styles.state}>{PAYMENT_LABELS[order.payment]}</span>
      {order.returnState ? <span className={styles.state}>{RETURN_LABELS[order.returnState]}</span> : null}
    </span>
  );
}
