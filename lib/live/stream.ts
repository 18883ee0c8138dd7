/**
 * What one open tab's live stream sends, and which listeners it holds: the
 * body of /api/events, apart from deciding the owner. Kept free of Next so
 * the listener decisions can be tested with a fake store
 * (tests/live-stream.test.ts).
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
import { toCartEntries, type ProductLookup } from "@/lib/cart/cart-entry";
import type { StreamProducts } from "@/lib/cart/stream-products";
import type { CatalogNotice } from "@/lib/catalog/change-feed";
import type { CartItem, CartOwner, Unsubscribe } from "@/lib/data/types";
import { debounce } from "./debounce";
import { LIVE_EVENT, type CatalogChangeNotice, type LiveEventData } from "./protocol";
import { sseEvent } from "./sse";
import { sseStream, type SseStreamOptions } from "./sse-stream";

/** The part of the store a live stream uses. */
export interface LiveCartSource {
  /** Whether the owner has a cart at all; one read. */
  hasCart(owner: CartOwner): Promise<boolean>;
  listCart(owner: CartOwner): Promise<CartItem[]>;
  watchCart(owner: CartOwner, onChange: (items: CartItem[]) => void): Unsubscribe;
}

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
    let unsubscribeCart: Unsubscribe = () => {};
    channel.onStop(() => unsubscribeCart());
    /** The cart's last lines, joined again with the catalogue after each catalogue change. */
    let lastCart: { items: CartItem[]; hasOwner: boolean } | null = null;
    /** Cart events are sent in the order their lines arrived, however long each catalogue read takes. */
    let cartSends = Promise.resolve();
    const sendCart = (items: CartItem[], hasOwner: boolean) => {
      lastCart = { items, hasOwner };
      cartSends = cartSends.then(async () => {
        if (channel.closed) return;
        let lookup: ProductLookup;
        try {
          lookup = await products.lookup(items.map((item) => item.productId));
        } catch (error) {
          return endForRetry("Could not read the catalogue for the cart's lines", error);
        }
        channel.send(sseEvent(LIVE_EVENT.cart, { items: toCartEntries(items, lookup), hasOwner }));
      });
    };
    /** Ends the stream; the browser reconnects after the retry delay and starts over. */
    const endForRetry = (message: string, error: unknown) => {
      onError(message, error);
      channel.end();
    };

    /** The changes heard since the last `catalog` event (one event per burst, an import's settling pass included). */
    let heard: CatalogChangeNotice[] = [];
    const catalogChanged = debounce(() => {
      const changes = heard;
      heard = [];
      if (changes.length === 0) return;
      // A line's product may have been edited or deleted: the cart again, from its last lines.
      if (lastCart && lastCart.items.length > 0) sendCart(lastCart.items, lastCart.hasOwner);
      const data: LiveEventData["catalog"] = { catalogVersion: Math.max(...changes.map((c) => c.version)), changes };
      channel.send(sseEvent(LIVE_EVENT.catalog, data));
    }, catalogDebounceMs);
    channel.onStop(() => catalogChanged.cancel());
    channel.onStop(
      catalog.subscribe((notice) => {
        products.forget(notice.tags);
        heard.push({ version: notice.version, tags: notice.tags });
        catalogChanged.call();
      }),
    );

    channel.send(sseEvent(LIVE_EVENT.ready, ready));

    if (!owner) {
      sendCart([], false);
    } else {
      void followCart(owner);
    }

    /**
     * For a guest, one read decides whether this stream follows a cart at
     * all: anyone can make up a guest cookie, and a listener per made-up
     * cookie would cost the instance a database listener each. A signed-in
     * owner is proven by the session, and is always followed: their cart
     * may be created on another device while this tab is open.
     */
    async function followCart(cartOwner: CartOwner) {
      if (channel.closed) return;
      let exists: boolean;
      if (cartOwner.startsWith("user:")) {
        exists = true;
      } else if (cartExists !== undefined) {
        exists = cartExists;
      } else {
        try {
          exists = await carts.hasCart(cartOwner);
        } catch (error) {
          return endForRetry("Could not check the cart for the live stream", error);
        }
      }
      if (channel.closed) return;
      if (!exists) return sendCart([], false);
      // Subscribe before the first read, so no change falls between the two.
      let changed = false;
      try {
        unsubscribeCart = carts.watchCart(cartOwner, (items) => {
          changed = true;
          sendCart(items, true);
        });
      } catch (error) {
        return endForRetry("Could not watch the cart for the live stream", error);
      }
      // Ended while subscribing: stop already ran, so release the new listener here.
      if (channel.closed) return unsubscribeCart();
      let items: CartItem[];
      try {
        items = await carts.listCart(cartOwner);
      } catch (error) {
        return endForRetry("Could not read the cart for the live stream", error);
      }
      // A change reported meanwhile already sent a newer cart.
      if (!changed) sendCart(items, true);
    }
  });
}
