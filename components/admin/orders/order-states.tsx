import { fulfilmentLabel, orderPaymentLabel, returnLabel } from "@/lib/admin/orders/order-steps";
import type { Order } from "@/lib/data/contract/orders";
import styles from "./orders.module.css";

/** An order's fulfilment, payment and (when there is one) return state, as words. */
export function OrderStates({ order }: { order: Pick<Order, "fulfilment" | "payment" | "paymentMethod" | "returnState"> }) {
  return (
    <span className={styles.states} data-testid="order-states">
      <span className={styles.state}>{fulfilmentLabel(order.fulfilment)}</span>
      <span className={styles.state}>{orderPaymentLabel(order)}</span>
      {order.returnState ? <span className={styles.state}>{returnLabel(order.returnState)}</span> : null}
    </span>
  );
}
