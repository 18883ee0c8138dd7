/**
 * What one open tab's live stream sends, and which listeners it holds: the
 * body of /api/events, apart from deciding the owner (its cart half:
 * stream-cart.ts). Kept free of Next so the listener decisions can be
 * tested with a fake store (tests/live-stream.test.ts).
 *
 * Events (their names and data are lib/live/protocol.ts's):
 * - `ready` once the stream is open, with the catalogue's version (and the
 *   changes since the version the tab's page shows, when it said);
 * - `catalog` a change's version and the cache tags it touched (refresh what
 *   you show of them), sent by the process's catalogue feed only after it
 *   has expired those tags here; changes close together are sent as one
 *   event listing each;
 * - `cart` a CartSnapshot {items, hasOwner}: this visitor's whole cart, once
 *   on connect and, while `hasOwner` is true, after every change to it and
 *   after every catalogue change (its lines show the catalogue's current
 *   name, image and price, or "no longer available": the cart's last lines
 *   are joined again with their products, re-read from the store only where
 *   the change touched them, lib/cart/stream-products.ts).
 *   `hasOwner` is false when a guest has no cart on the server (no cookie, a
 *   made-up cookie): then the stream holds no cart listener at all, and the
 *   browser reopens the stream after the add that creates the cart
 *   (lib/cart/optimistic-cart.ts, streamEpoch). A signed-in shopper's cart is
 *   always followed.
 */
import "server-only";
import { log } from "@/lib/log";
import type { StreamProducts } from "@/lib/cart/stream-products";
import type { CatalogNotice } from "@/lib/catalog/tags";
import type { CartOwner } from "@/lib/data/contract/cart";
import type { Unsubscribe } from "@/lib/data/contract/feeds";
import { debounce } from "./debounce";
import { LIVE_EVENT, type CatalogChangeNotice, type LiveEventData } from "./protocol";
import { sseEvent } from "./sse";
import { sseStream, type SseChannel, type SseStreamOptions } from "./sse-stream";
import { cartSender, followCart, type CartSender, type EndForRetry, type LiveCartSource } from "./stream-cart";

/** `lifetimeMs` ends the stream cleanly: the browser reconnects, a whole cart snapshot first, so nothing is missed. */
interface LiveStreamOptions extends SseStreamOptions {
  owner: CartOwner | null;
  carts: LiveCartSource;
  /** The cart's lines' products, read from the store and forgotten where a change touched them (lib/cart/stream-products.ts). */
  products: StreamProducts;
  /** The process's catalogue change feed (lib/catalog/changes.ts). */
  catalog: { subscribe(listener: (notice: CatalogNotice) => void): Unsubscribe };
  /** What `ready` says of the catalogue: its version, and the changes since the tab's (when it said). */
  ready: LiveEventData["ready"];
  /**
   * Whether a guest owner's cart exists, when the caller already asked (the
   * events route does, so that a store failure there is a 503 the browser
   * backs off from, not a stream that ends and reconnects every few seconds).
   * Asked here when absent. Signed-in owners are always followed.
   */
  cartExists?: boolean;
  catalogDebounceMs?: number;
  onError?(message: string, error: unknown): void;
}

export function liveStream({
  owner,
  carts,
  products,
  catalog,
  ready,
  cartExists,
  catalogDebounceMs = 150,
  onError = (message, error) => log.error("live.stream_failed", message, error),
  ...life
}: LiveStreamOptions): ReadableStream<Uint8Array> {
  return sseStream(life, (channel) => {
    const endForRetry: EndForRetry = (message, error) => {
      onError(message, error);
      channel.end();
    };
    const cart = cartSender(channel, products, endForRetry);
    relayCatalogChanges(channel, { catalog, products, cart, debounceMs: catalogDebounceMs });
    channel.send(sseEvent(LIVE_EVENT.ready, ready));
    if (!owner) cart.send([], false);
    else void followCart(owner, { channel, carts, cartExists, cart, endForRetry });
  });
}

interface CatalogRelay {
  catalog: LiveStreamOptions["catalog"];
  products: StreamProducts;
  cart: CartSender;
  debounceMs: number;
}

/**
 * Sends the catalogue feed's changes as `catalog` events, one per burst (an
 * import's settling pass included), each listing every change heard; the
 * changed products are forgotten at once, and the cart is sent again before
 * the event, since a line's product may have been edited or deleted.
 */
function relayCatalogChanges(channel: SseChannel, { catalog, products, cart, debounceMs }: CatalogRelay) {
  let heard: CatalogChangeNotice[] = [];
  const catalogChanged = debounce(() => {
    const changes = heard;
    heard = [];
    if (changes.length === 0) return;
    cart.sendAgain();
    const data: LiveEventData["catalog"] = { catalogVersion: Math.max(...changes.map((c) => c.version)), changes };
    channel.send(sseEvent(LIVE_EVENT.catalog, data));
  }, debounceMs);
  channel.onStop(() => catalogChanged.cancel());
  channel.onStop(
    catalog.subscribe((notice) => {
      products.forget(notice.tags);
      heard.push({ version: notice.version, tags: notice.tags });
      catalogChanged.call();
    }),
  );
}
