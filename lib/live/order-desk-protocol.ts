/**
 * The order desk's live stream, between the server
 * (app/api/admin/order-events/route.ts, lib/live/order-desk-stream.ts) and
 * the desk's notice (components/admin/orders/new-orders-notice.tsx): its
 * endpoint, its Server-Sent Events and their data. Admins only; the shop's
 * own stream (protocol.ts) is every visitor's. Pure: both sides import it.
 */

/** The stream: admins only (401 signed out, 403 anyone else). */
export const ORDER_EVENTS_PATH = "/api/admin/order-events";

/**
 * The query parameter with the time (ms since the epoch) the desk's page was
 * read at: the stream's `ready` names the orders placed since, so an order
 * placed while the page loaded, or while the stream was down, is not missed.
 */
export const ORDER_SINCE_PARAM = "since";

/**
 * - `ready` once the stream is open: the newest orders placed since the
 *   page's time (when the desk said it), oldest first;
 * - `orders` orders placed after the stream opened, on any instance, oldest
 *   first. An id may come twice (in `ready` and in `orders`): the desk
 *   counts each order once.
 */
export interface OrderDeskEventData {
  ready: { orderIds: string[] };
  orders: { orderIds: string[] };
}

type OrderDeskEventName = keyof OrderDeskEventData;

export const ORDER_DESK_EVENT = { ready: "ready", orders: "orders" } as const satisfies { [Name in OrderDeskEventName]: Name };

/** The most ids one event carries (the store's largest list page). */
export const ORDER_IDS_MAX = 100;

/** An event's order ids; null when the data is malformed. */
export function parseOrderIds(text: string): string[] | null {
  try {
    const value = JSON.parse(text) as { orderIds?: unknown } | null;
    const ids = value?.orderIds;
    if (!Array.isArray(ids) || ids.length > ORDER_IDS_MAX) return null;
    return ids.every((id) => typeof id === "string" && /^[A-Za-z0-9_-]{1,128}$/.test(id)) ? (ids as string[]) : null;
  } catch {
    return null;
  }
}
