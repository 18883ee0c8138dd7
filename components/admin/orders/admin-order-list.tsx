import Link from "next/link";
import styles from "@/components/admin/admin-products.module.css";
import type { AdminProof } from "@/lib/admin/admin-proof";
import { openDeskStore } from "@/lib/admin/orders/desk-store";
import { orderListHref } from "@/lib/admin/orders/order-list";
import { deskReadTime } from "@/lib/admin/orders/new-orders";
import { readOrderList } from "@/lib/admin/orders/order-reads";
import { NewOrdersNotice } from "./new-orders-notice";
import { OrderExportForm } from "./order-export-form";
import { OrderListFilters } from "./order-list-filters";
import { OrderTable } from "./order-table";

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
      <OrderListFilters list={list} filtered={filtered} />
      <NewOrdersNotice
        since={readAt}
        shownIds={list.orders.map((order) => order.id)}
        firstPageHref={list.after === null ? null : orderListHref({ ...list, after: null })}
      />
      {list.orders.length > 0 ? (
        <OrderTable orders={list.orders} />
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
      <OrderExportForm />
    </div>
  );
}
