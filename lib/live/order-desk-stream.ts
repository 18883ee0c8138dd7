/**
 * What an open order desk's stream sends: the body of
 * /api/admin/order-events, apart from deciding who may open it. Kept free of
 * Next so it is tested with a fake feed (tests/order-desk-stream.test.ts).
 *
 * It subscribes to the store's new orders feed (OrderStore.watchNewOrders:
 * one listener or poller per process, however many desks are open) first,
 * then reads the orders placed since the desk's page was read, so an order
 * placed in between is in one or the other (or both: the desk counts ids
 * once). Framing, heartbeats and the retry delay are the shop stream's
 * (sse.ts); the route takes a slot of the same per-process cap
 * (open-streams.ts) and the same rate limit.
 */
import type { Unsubscribe } from "@/lib/data/types";
import { ORDER_DESK_EVENT, ORDER_IDS_MAX, type OrderDeskEventData } from "./order-desk-protocol";
import { SSE_HEADERS, sseComment, sseEventOf, sseRetry } from "./sse";

export { SSE_HEADERS };

const deskEvent = sseEventOf<OrderDeskEventData>();

interface OrderDeskStreamOptions {
  /** The store's new orders feed (watchNewOrders). */
  watch(onPlaced: (orderIds: string[]) => void): Unsubscribe;
  /** The orders placed since the desk's page was read, oldest first; read once, after subscribing. */
  placedSincePage(): Promise<string[]>;
  /** Aborted when the browser goes away. */
  signal: AbortSignal;
  heartbeatMs?: number;
  /** How long the browser waits before reconnecting a dropped stream. */
  retryMs?: number;
  /** Ends the stream after this long, before the platform cuts the function (Vercel's maxDuration). */
  lifetimeMs?: number;
  onError?(message: string, error: unknown): void;
  /** Called once when the stream ends, however it ends. */
  onEnd?(): void;
}

export function orderDeskStream({
  watch,
  placedSincePage,
  signal,
  heartbeatMs = 25_000,
  retryMs = 2000,
  lifetimeMs,
  onError = (message, error) => console.error(message, error),
  onEnd = () => {},
}: OrderDeskStreamOptions): ReadableStream<Uint8Array> {
  let stop = () => {};

  return new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let unsubscribe: Unsubscribe = () => {};
      const send = (chunk: Uint8Array) => {
        if (closed) return;
        try {
          controller.enqueue(chunk);
        } catch {
          stop(); // The client went away between two events.
        }
      };
      const sendIds = (name: keyof OrderDeskEventData, ids: string[]) => {
        for (let i = 0; i === 0 || i < ids.length; i += ORDER_IDS_MAX) send(deskEvent(name, { orderIds: ids.slice(i, i + ORDER_IDS_MAX) }));
      };
      const end = () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      };
      const heartbeat = setInterval(() => send(sseComment("ping")), heartbeatMs);
      const lifetime = lifetimeMs === undefined ? undefined : setTimeout(end, lifetimeMs);
      stop = () => {
        if (!closed) onEnd();
        closed = true;
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
      };
      // The browser may have left while the route was still deciding.
      if (signal.aborted) return end();
      signal.addEventListener("abort", end);
      send(sseRetry(retryMs));

      try {
        unsubscribe = watch((ids) => {
          if (ids.length > 0) sendIds(ORDER_DESK_EVENT.orders, ids);
        });
      } catch (error) {
        onError("Could not watch new orders for the order desk", error);
        return end();
      }
      placedSincePage().then(
        (ids) => sendIds(ORDER_DESK_EVENT.ready, ids),
        (error: unknown) => {
          // The browser reconnects after its backoff and reads again.
          onError("Could not read the orders placed since the order desk's page", error);
          end();
        },
      );
    },
    cancel() {
      stop();
    },
  });
}
