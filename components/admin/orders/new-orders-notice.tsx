"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import styles from "@/components/admin/admin-products.module.css";
import { openEventSourceConnection } from "@/components/live/event-source-connection";
import { ORDER_DESK_EVENT, ORDER_EVENTS_PATH, ORDER_SINCE_PARAM, parseOrderIds } from "@/lib/live/order-desk-protocol";
import desk from "./orders.module.css";

interface NewOrdersNoticeProps {
  /** When the page's orders were read (ms since the epoch): the stream's `ready` names the orders placed since. */
  since: number;
  /** The ids of the orders the page shows: never counted as new. */
  shownIds: string[];
  /** The first page of the list as filtered now: where new orders show; null when this is that page. */
  firstPageHref: string | null;
}

/**
 * Tells the operator, without a reload, that orders were placed since the
 * list was read, on any instance: "2 new orders", with a way to see them.
 * The list itself never moves under the operator's pointer: on the first
 * page "Show new orders" re-renders it in place (router.refresh: the filter
 * and the search stay); on a later page a link goes to the first page of the
 * same filter. Each order counts once: an order already on the page, or
 * heard before the operator last asked for the list, is not counted.
 *
 * The stream (/api/admin/order-events, admins only) opens and closes with the
 * tab's visibility and backs off after a cut (lib/live/connection.ts); each
 * opening names the page's read time, so an order placed while it was
 * closed is counted too. The count is announced politely (role="status").
 * Without JavaScript there is no stream: the list is as fresh as its last load.
 */
export function NewOrdersNotice({ since, shownIds, firstPageHref }: NewOrdersNoticeProps) {
  const router = useRouter();
  const [heard, setHeard] = useState<ReadonlySet<string>>(() => new Set());
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const [refreshing, startRefresh] = useTransition();
  const sinceRef = useRef(since);

  useEffect(() => {
    sinceRef.current = since;
  }, [since]);

  useEffect(() => {
    const hear = (data: string) => {
      const ids = parseOrderIds(data);
      if (ids && ids.length > 0) setHeard((current) => new Set([...current, ...ids]));
    };
    const { stop } = openEventSourceConnection({
      url: () => `${ORDER_EVENTS_PATH}?${ORDER_SINCE_PARAM}=${sinceRef.current}`,
      readyEvent: ORDER_DESK_EVENT.ready,
      on: { [ORDER_DESK_EVENT.ready]: hear, [ORDER_DESK_EVENT.orders]: hear },
    });
    return stop;
  }, []);

  const shown = new Set(shownIds);
  const count = [...heard].filter((id) => !dismissed.has(id) && !shown.has(id)).length;
  /** What was heard so far is the operator's to see now: it is not counted again, whatever the filter shows of it. */
  const dismissHeard = () => setDismissed((current) => new Set([...current, ...heard]));

  return (
    <div role="status" className={count > 0 ? desk.newOrders : undefined} data-testid="new-orders-notice">
      {count > 0 ? (
        <>
          <span>{count === 1 ? "1 new order" : `${count} new orders`}</span>
          {firstPageHref === null ? (
            <button
              type="button"
              className={styles.secondary}
              disabled={refreshing}
              onClick={() => {
                dismissHeard();
                startRefresh(() => router.refresh());
              }}
            >
              Show new orders
            </button>
          ) : (
            <Link href={firstPageHref} onClick={dismissHeard}>
              Show new orders on the first page
            </Link>
          )}
        </>
      ) : null}
    </div>
  );
}
