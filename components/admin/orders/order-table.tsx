import Link from "next/link";
import styles from "@/components/admin/admin-products.module.css";
import { Price } from "@/components/product/price";
import { itemCount } from "@/lib/admin/orders/order-list";
import type { Order } from "@/lib/data/contract/orders";
import { EmailText } from "./email-text";
import desk from "./orders.module.css";
import { OrderStates } from "./order-states";
import { OrderTime } from "./order-time";

/**
 * One page of the desk's orders: reference (the link to the order), placed,
 * customer, items, total, states. Below 700 px, placed and items are left
 * out, the total stands under the reference and the states under the
 * customer's email: two columns, each room enough at 320 px for a badge, an
 * email's longest part and a six-figure total, none broken inside a word.
 */
export function OrderTable({ orders }: { orders: Order[] }) {
  return (
    <div className={desk.section}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">
              Reference<span className={desk.narrowInline}> and total</span>
            </th>
            <th scope="col" className={styles.hideNarrow}>
              Placed
            </th>
            <th scope="col">
              Customer<span className={desk.narrowInline}> and state</span>
            </th>
            <th scope="col" className={`${styles.number} ${styles.hideNarrow}`}>
              Items
            </th>
            <th scope="col" className={`${styles.number} ${styles.hideNarrow}`}>
              Total
            </th>
            <th scope="col" className={styles.hideNarrow}>
              State
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-testid="admin-order-row">
              <td>
                <Link href={`/admin-entry/orders/${encodeURIComponent(order.id)}`} className={desk.reference}>
                  {order.reference}
                </Link>
                <span className={desk.narrowStates}>
                  <Price cents={order.totalCents} />
                </span>
              </td>
              <td className={styles.hideNarrow}>
                <OrderTime at={order.placedAt} />
              </td>
              <td className={desk.customer}>
                {order.erasedAt ? <em>erased</em> : <EmailText email={order.contact.email} className={desk.email} />}
                <span className={desk.narrowStates}>
                  <OrderStates order={order} />
                </span>
              </td>
              <td className={`${styles.number} ${styles.hideNarrow}`}>{itemCount(order)}</td>
              <td className={`${styles.number} ${styles.hideNarrow}`}>
                <Price cents={order.totalCents} />
              </td>
              <td className={styles.hideNarrow}>
                <OrderStates order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
