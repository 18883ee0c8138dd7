import Link from "next/link";
import styles from "@/components/admin/admin-products.module.css";
import desk from "./orders.module.css";
import { ORDER_QUERY_MAX, STATE_CHOICES, type OrderListQuery } from "@/lib/admin/orders/order-list";

/** The desk's search and state filter: a GET form, so it works before JavaScript and the URL holds the filter. */
export function OrderListFilters({ list, filtered }: { list: OrderListQuery; filtered: boolean }) {
  return (
    <form method="get" action="/admin-entry/orders" className={styles.filters} role="search" aria-label="Find orders">
      <label className={desk.search}>
        Reference or email
        <input type="search" name="q" defaultValue={list.query} maxLength={ORDER_QUERY_MAX} placeholder="K7PM-2QX9-HT4D or an email" />
      </label>
      <label>
        State
        <select name="state" defaultValue={list.state}>
          <option value="">Every state</option>
          {STATE_CHOICES.map((choice) => (
            <optgroup key={choice.group} label={choice.group}>
              {choice.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <button type="submit" className={styles.secondary}>
        Show
      </button>
      {filtered ? <Link href="/admin-entry/orders">Show every order</Link> : null}
    </form>
  );
}
