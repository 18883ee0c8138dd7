import { ORDER_EXPORT_MAX_DAYS, lastMonth } from "@/lib/admin/orders/order-csv";
import styles from "@/components/admin/csv-forms.module.css";

/**
 * The orders of a range of days as a CSV file for the accountant
 * (app/admin-entry/orders.csv/route.ts): a GET form, so it works without
 * JavaScript and the browser saves the answer. It opens on last month.
 */
export function OrderExportForm() {
  const { from, to } = lastMonth(new Date());
  return (
    <section className={styles.section} aria-labelledby="order-export-title">
      <h2 id="order-export-title" className={styles.title}>
        Export orders
      </h2>
      <form method="get" action="/admin-entry/orders.csv" className={styles.range}>
        <label>
          First day
          <input type="date" name="from" defaultValue={from} required />
        </label>
        <label>
          Last day
          <input type="date" name="to" defaultValue={to} required />
        </label>
        <button type="submit" className={styles.button}>
          Download orders (CSV)
        </button>
      </form>
      <p className={styles.hint}>
        Days in UTC, both included, at most {ORDER_EXPORT_MAX_DAYS}. One row per order line: its lines, discount, shipping, tax, total,
        refunds, payment and state; each order&apos;s own figures on its first row.
      </p>
    </section>
  );
}
