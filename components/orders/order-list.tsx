import Link from "next/link";
import { Price } from "@/components/product/price";
import type { Order } from "@/lib/data/contract/orders";
import { fulfilmentLabel, orderTime, paymentLabel, returnLabel } from "@/lib/orders/order-labels";
import { orderPath } from "@/lib/orders/paths";
import styles from "./order-list.module.css";

/** A shopper's orders, newest first: reference, when, total and state, each a link to the order. */
export function OrderList({ orders }: { orders: Order[] }) {
  return (
    <ul className={styles.list} aria-label="Your orders">
      {orders.map((order) => (
        <li key={order.id} className={styles.item} data-testid="order-item">
          <Link href={orderPath(order.id, null)} className={styles.reference}>
            Order {order.reference}
          </Link>
          <span className={styles.muted}>
            Placed {orderTime(order.placedAt)} · {itemCount(order)} · <Price cents={order.totalCents} />
          </span>
          <span className={styles.state}>
            {fulfilmentLabel(order.fulfilment)} · {paymentLabel(order.payment)}
            {order.returnState ? ` · ${returnLabel(order.returnState)}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** "1 item", "3 items": the order's units, summed over its lines. */
function itemCount(order: Order): string {
  const count = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return `${count} ${count === 1 ? "item" : "items"}`;
}
