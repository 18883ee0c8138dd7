"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { openEventSourceConnection } from "@/components/live/event-source-connection";
import { ORDER_PAGE_EVENT, orderEventsPath, parseOrderRevision } from "@/lib/live/order-page-protocol";
import { refreshReports } from "@/components/live/refresh-reports";
import { RefreshUntilCurrent } from "@/lib/live/refresh-until-current";

interface OrderLiveProps {
  orderId: string;
  /** The guest's token the page was opened with; null when the account opens it. */
  token: string | null;
  /** The revision the page shows. */
  revision: number;
}

/**
 * Keeps an open order page current: one EventSource on the order's own
 * channel (lib/live/order-page-protocol.ts), which says the order's revision
 * when it opens and after each step; a newer one than the page shows
 * re-renders the page's server part (router refresh), checked and repeated
 * until the page shows it (lib/live/refresh-until-current.ts), so a step the
 * desk or Stripe takes shows without a reload. Open while the tab is visible,
 * reopened with backoff after a cut (lib/live/connection.ts); a reopened
 * stream says the revision again, so a step taken while it was closed shows
 * too. Renders nothing; without JavaScript the page is as fresh as its load.
 */
export function OrderLive({ orderId, token, revision }: OrderLiveProps) {
  const router = useRouter();
  const shown = useRef(revision);
  useEffect(() => {
    shown.current = revision;
  }, [revision]);

  useEffect(() => {
    let heard = -1;
    const refresher = new RefreshUntilCurrent({
      behind: () => shown.current < heard,
      refresh: () => router.refresh(),
      ...refreshReports("order page"),
    });
    const { stop } = openEventSourceConnection({
      url: () => orderEventsPath(orderId, token),
      readyEvent: ORDER_PAGE_EVENT.order,
      on: {
        [ORDER_PAGE_EVENT.order]: (data) => {
          const now = parseOrderRevision(data);
          if (now === null) return;
          heard = Math.max(heard, now);
          refresher.announce();
        },
      },
      // Cut: no refresh while the server may be out of reach; the reopened stream says the revision again.
      onLost: () => refresher.stop(),
    });
    return () => {
      stop();
      refresher.stop();
    };
  }, [orderId, token, router]);

  return null;
}
