import type { OrderEvent } from "@/lib/data/contract/orders";
import desk from "./orders.module.css";
import styles from "@/components/admin/admin-products.module.css";
import { OrderTime } from "./order-time";

const STEP_NAMES: Record<OrderEvent["step"], string> = {
  place: "Placed",
  ship: "Shipped",
  deliver: "Delivered",
  cancel: "Cancelled",
  record_payment: "Payment recorded",
  refund: "Refunded",
  request_return: "Return requested",
  accept_return: "Return accepted",
  refuse_return: "Return refused",
  card_paid: "Paid by card",
  card_expired: "Card payment expired",
  card_failed: "Card payment failed",
  card_charge_mismatch: "Payment not the order's",
  pay_again: "Paying again by card",
  refund_by_card: "Card refund asked",
  card_refunded: "Card refund completed",
  card_refund_failed: "Card refund failed",
};

/** Every recorded step of an order, oldest first: when (UTC), who, the state before and after, its note. */
export function OrderHistory({ history }: { history: OrderEvent[] }) {
  return (
    <section className={desk.section} aria-labelledby="order-history-title">
      <h2 id="order-history-title">History</h2>
      <table className={styles.table} data-testid="order-history">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Step</th>
            <th scope="col">By</th>
            <th scope="col">From → to</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {history.map((event, i) => (
            <tr key={`${event.at}-${i}`} data-testid="order-event">
              <td>
                <OrderTime at={event.at} />
              </td>
              <td>{STEP_NAMES[event.step]}</td>
              <td>{event.by}</td>
              <td>{event.from ? `${event.from} → ${event.to}` : event.to}</td>
              <td>{event.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
