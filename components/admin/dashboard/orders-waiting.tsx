import Link from "next/link";
import type { OrdersWaiting } from "@/lib/data/contract/sales";
import styles from "./dashboard.module.css";

const COUNT = new Intl.NumberFormat("en-US");

/** What waits on the operator now, each a link to the order desk filtered to it. */
export function OrdersWaitingList({ waiting }: { waiting: OrdersWaiting }) {
  return (
    <section aria-labelledby="dashboard-waiting-title">
      <h2 id="dashboard-waiting-title">Waiting on you</h2>
      <ul className={styles.waiting} data-testid="dashboard-waiting">
        <li>
          <Link href="/admin-entry/orders?state=return%3Arequested">
            Returns asked for: <strong data-figure="open-returns">{COUNT.format(waiting.openReturns)}</strong>
          </Link>
        </li>
        <li>
          <Link href="/admin-entry/orders?state=payment%3Adue">
            Payments not yet taken: <strong data-figure="payments-awaiting">{COUNT.format(waiting.paymentsAwaiting)}</strong>
          </Link>{" "}
          <span className={styles.hint}>(due on delivery, or awaiting a card)</span>
        </li>
      </ul>
    </section>
  );
}
