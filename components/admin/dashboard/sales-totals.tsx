import { Price } from "@/components/product/price";
import type { DashboardFigures } from "@/lib/admin/dashboard/dashboard-figures";
import styles from "./dashboard.module.css";

const COUNT = new Intl.NumberFormat("en-US");

/** The 30 days' totals: sales net of refunds, orders placed and paid, the average paid order, tax, shipping and refunds apart. */
export function SalesTotals({ figures }: { figures: DashboardFigures }) {
  const { totals } = figures;
  return (
    <section aria-labelledby="dashboard-totals-title">
      <h2 id="dashboard-totals-title">Sales</h2>
      <dl className={styles.figures} data-testid="dashboard-totals">
        <div>
          <dt>Sales, net of refunds</dt>
          <dd data-figure="sales">
            <Price cents={totals.salesCents} />
          </dd>
        </div>
        <div>
          <dt>Orders placed</dt>
          <dd data-figure="orders">{COUNT.format(totals.orders)}</dd>
        </div>
        <div>
          <dt>Paid orders</dt>
          <dd data-figure="paid-orders">{COUNT.format(totals.paidOrders)}</dd>
        </div>
        <div>
          <dt>Average paid order</dt>
          <dd data-figure="average">{figures.averageOrderCents === null ? "None yet" : <Price cents={figures.averageOrderCents} />}</dd>
        </div>
        <div>
          <dt>Tax collected</dt>
          <dd data-figure="tax">
            <Price cents={totals.taxCents} />
          </dd>
        </div>
        <div>
          <dt>Shipping charged</dt>
          <dd data-figure="shipping">
            <Price cents={totals.shippingCents} />
          </dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd data-figure="refunded">
            <Price cents={totals.refundedCents} />
          </dd>
        </div>
      </dl>
      <p className={styles.hint}>
        Sales are paid orders&apos; goods after discounts, less what was refunded; tax and shipping are counted apart. Each order counts on
        the day it was placed, its refunds included: a refund lowers the day of its order, and one on an order placed before these 30 days
        is not here. The average is over paid orders, wholly refunded ones included.
      </p>
    </section>
  );
}
