import Link from "next/link";
import styles from "@/components/admin/admin-products.module.css";
import { Price } from "@/components/product/price";
import type { AdminProof } from "@/lib/admin/admin-proof";
import { openDeskStore } from "@/lib/admin/orders/desk-store";
import { itemCount, ORDER_QUERY_MAX, orderListHref, STATE_CHOICES } from "@/lib/admin/orders/order-list";
import { deskReadTime } from "@/lib/admin/orders/new-orders";
import { readOrderList } from "@/lib/admin/orders/order-reads";
import desk from "./orders.module.css";
import { NewOrdersNotice } from "./new-orders-notice";
import { OrderStates } from "./order-states";
import { OrderTime } from "./order-time";

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * Every order, for the admin: newest first, pages of 50 by cursor (Next page,
 * and back to the first), one state to filter by, a search by reference or
 * email. Links and a GET form, so it works before JavaScript and the URL
 * holds the filter. Read only with the page's proof of an admin caller
 * (components/admin/admin-gate.tsx), from the store on every request. With
 * JavaScript, orders placed since (on any instance) are announced above the
 * list without moving it (new-orders-notice.tsx).
 */
export async function AdminOrderList({ admin, searchParams }: { admin: AdminProof; searchParams: Promise<SearchParams> }) {
  // Taken before the read: an order placed during it is on the page or counted as new.
  const readAt = deskReadTime();
  const list = await readOrderList(admin, await searchParams, openDeskStore);
  const filtered = list.query !== "" || list.state !== "";

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>Orders</h1>
        <Link href="/admin-entry">Admin home</Link>
      </div>
      <form method="get" action="/admin-entry/orders" className={styles.filters} role="search" aria-label="Find orders">
        <label>
          Reference or email
          <input
            type="search"
            name="q"
            defaultValue={list.query}
            maxLength={ORDER_QUERY_MAX}
            placeholder="K7PM-2QX9-HT4D or name@example.com"
          />
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
      <NewOrdersNotice
        since={readAt}
        shownIds={list.orders.map((order) => order.id)}
        firstPageHref={list.after === null ? null : orderListHref({ ...list, after: null })}
      />
      {list.orders.length > 0 ? (
        <div className={desk.section}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col" className={styles.hideNarrow}>
                  Placed
                </th>
                <th scope="col">Customer</th>
                <th scope="col" className={`${styles.number} ${styles.hideNarrow}`}>
                  Items
                </th>
                <th scope="col" className={styles.number}>
                  Total
                </th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {list.orders.map((order) => (
                <tr key={order.id} data-testid="admin-order-row">
                  <td>
                    <Link href={`/admin-entry/orders/${encodeURIComponent(order.id)}`} className={desk.reference}>
                      {order.reference}
                    </Link>
                  </td>
                  <td className={styles.hideNarrow}>
                    <OrderTime at={order.placedAt} />
                  </td>
                  <td>{order.erasedAt ? <em>erased</em> : order.contact.email}</td>
                  <td className={`${styles.number} ${styles.hideNarrow}`}>{itemCount(order)}</td>
                  <td className={styles.number}>
                    <Price value={order.total} />
                  </td>
                  <td>
                    <OrderStates order={order} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="status-text" data-testid="no-orders">
          {filtered ? "No orders match." : "No orders yet."}
        </p>
      )}
      {list.after !== null || list.next !== null ? (
        <nav className={styles.pager} aria-label="Pages">
          {list.after !== null ? <Link href={orderListHref({ ...list, after: null })}>First page</Link> : null}
          {list.next !== null ? (
            <Link href={orderListHref({ ...list, after: list.next })} rel="next">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
