/**
 * What an open order page's stream sends: the body of
 * /api/orders/[id]/events, apart from deciding who may open it. Kept free of
 * Next so it is tested with a fake feed (tests/order-page-stream.test.ts).
 *
 * It subscribes to the store's order feed (OrderStore.watchOrder: one
 * Firestore document listener, or SQLite's poll, per followed order per
 * process, however many pages show it), which gives the order's revision at
 * once and after each step taken anywhere; each is sent as an `order` event.
 * Framing is sse.ts's, the stream's life (retry delay, heartbeats, lifetime,
 * release) sse-stream.ts's, as for the shop's other streams.
 */
import "server-only";
import { log } from "@/lib/log";
import type { Unsubscribe } from "@/lib/data/contract/feeds";
import { ORDER_PAGE_EVENT, type OrderPageEventData } from "./order-page-protocol";
import { sseEventOf } from "./sse";
import { sseStream, type SseStreamOptions } from "./sse-stream";

const orderEvent = sseEventOf<OrderPageEventData>();

interface OrderPageStreamOptions extends SseStreamOptions {
  /** The store's feed of this one order (watchOrder). */
  watch(onRevision: (revision: number) => void): Unsubscribe;
  onError?(message: string, error: unknown): void;
}

export function orderPageStream({
  watch,
  onError = (message, error) => log.error("live.order_stream_failed", message, error),
  ...life
}: OrderPageStreamOptions): ReadableStream<Uint8Array> {
  return sseStream(life, (channel) => {
    let last = -1;
    try {
      channel.onStop(
        watch((revision) => {
          if (revision === last) return;
          last = revision;
          channel.send(orderEvent(ORDER_PAGE_EVENT.order, { revision }));
        }),
      );
    } catch (error) {
      // The browser reconnects after its backoff.
      onError("Could not follow an order for its page", error);
      channel.end();
    }
  });
}
