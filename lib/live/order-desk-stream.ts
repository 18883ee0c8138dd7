/**
 * What an open order desk's stream sends: the body of
 * /api/admin/order-events, apart from deciding who may open it. Kept free of
 * Next so it is tested with a fake feed (tests/order-desk-stream.test.ts).
 *
 * It subscribes to the store's new orders feed (OrderStore.watchNewOrders:
 * one listener or poller per process, however many desks are open) first,
 * then reads the orders placed since the desk's page was read, so an order
 * placed in between is in one or the other (or both: the desk counts ids
 * once). Framing is sse.ts's, the stream's life (retry delay, heartbeats,
 * lifetime, release) sse-stream.ts's, as for the shop's stream; the route
 * opens it through sse-response.ts (the same per-process cap) after the same
 * rate limit.
 */
import "server-only";
import { log } from "@/lib/log";
import type { Unsubscribe } from "@/lib/data/contract/feeds";
import { ORDER_DESK_EVENT, ORDER_IDS_MAX, type OrderDeskEventData } from "./order-desk-protocol";
import { sseEventOf } from "./sse";
import { sseStream, type SseStreamOptions } from "./sse-stream";

const deskEvent = sseEventOf<OrderDeskEventData>();

interface OrderDeskStreamOptions extends SseStreamOptions {
  /** The store's new orders feed (watchNewOrders). */
  watch(onPlaced: (orderIds: string[]) => void): Unsubscribe;
  /** The orders placed since the desk's page was read, oldest first; read once, after subscribing. */
  placedSincePage(): Promise<string[]>;
  onError?(message: string, error: unknown): void;
}

export function orderDeskStream({
  watch,
  placedSincePage,
  onError = (message, error) => log.error("live.desk_stream_failed", message, error),
  ...life
}: OrderDeskStreamOptions): ReadableStream<Uint8Array> {
  return sseStream(life, (channel) => {
    const sendIds = (name: keyof OrderDeskEventData, ids: string[]) => {
      for (let i = 0; i === 0 || i < ids.length; i += ORDER_IDS_MAX)
        channel.send(deskEvent(name, { orderIds: ids.slice(i, i + ORDER_IDS_MAX) }));
    };
    try {
      channel.onStop(
        watch((ids) => {
          if (ids.length > 0) sendIds(ORDER_DESK_EVENT.orders, ids);
        }),
      );
    } catch (error) {
      onError("Could not watch new orders for the order desk", error);
      return channel.end();
    }
    placedSincePage().then(
      (ids) => sendIds(ORDER_DESK_EVENT.ready, ids),
      (error: unknown) => {
        // The browser reconnects after its backoff and reads again.
        onError("Could not read the orders placed since the order desk's page", error);
        channel.end();
      },
    );
  });
}
