/**
 * An open order page's live channel, between the server
 * (app/api/orders/[id]/events/route.ts, lib/live/order-page-stream.ts) and
 * the page (components/orders/order-live.tsx): its endpoint, its one event
 * and its data. The shop's own stream (protocol.ts) is every visitor's and
 * follows the cart and the catalogue; this one follows one order, for whoever
 * may see that order. Pure: both sides import it.
 */

/**
 * The stream of one order: its owner only, as its page (a guest by the
 * token of their link, `?token=`; lib/orders/order-access.ts), 404 to anyone else.
 */
export function orderEventsPath(orderId: string, guestToken: string | null): string {
  return `/api/orders/${orderId}/events${guestToken ? `?token=${guestToken}` : ""}`;
}

/** `order`: the order's revision, once the stream opens and after each step, on any instance; the page refreshes when it shows an older one. */
export interface OrderPageEventData {
  order: { revision: number };
}

export const ORDER_PAGE_EVENT = { order: "order" } as const satisfies { [Name in keyof OrderPageEventData]: Name };

/** An `order` event's revision; null when the data is malformed. */
export function parseOrderRevision(text: string): number | null {
  try {
    const revision = (JSON.parse(text) as { revision?: unknown } | null)?.revision;
    return typeof revision === "number" && Number.isSafeInteger(revision) && revision >= 0 ? revision : null;
  } catch {
    return null;
  }
}
