"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { LiveConnection } from "@/lib/live/connection";
import { ORDER_PAGE_EVENT, orderEventsPath, parseOrderRevision } from "@/lib/live/order-page-protocol";

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
 * re-renders the page's server part (router refresh), so a step the desk
 * takes shows without a reload. Open while the tab is visible, reopened with
 * backoff after a cut (lib/live/connection.ts); a reopened stream says the
 * revision again, so a step taken while it was closed shows too. Renders
 * nothing; without JavaScript the page is as fresh as its load.
 */
export function OrderLive({ orderId, token, revision }: OrderLiveProps) {
  const router = useRouter();
  const shown = useRef(revision);
  useEffect(() => {
    shown.current = revision;
  }, [revision]);

  useEffect(() => {
    const live = new LiveConnection({
      open() {
        const source = new EventSource(orderEventsPath(orderId, token));
        let current = true;
        source.addEventListener(ORDER_PAGE_EVENT.order, (event: MessageEvent<string>) => {
          if (!current) return;
          live.ready();
          const now = parseOrderRevision(event.data);
          if (now !== null && now > shown.current) router.refresh();
        });
        source.addEventListener("error", () => {
          if (current) live.failed();
        });
        return {
          close() {
            current = false;
            source.close();
          },
        };
      },
    });
    const onVisibility = () => live.visibilityChanged(document.visibilityState === "hidden");
    document.addEventListener("visibilitychange", onVisibility);
    live.start(document.visibilityState === "hidden");
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      live.stop();
    };
  }, [orderId, token, router]);

  return null;
}
