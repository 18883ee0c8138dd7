import { connection } from "next/server";
import { currentCartOwner } from "@/lib/cart/owner";
import { toCartEntries } from "@/lib/cart/results";
import { getStore } from "@/lib/data";
import type { CartItem } from "@/lib/data/types";
import { debounce } from "@/lib/live/debounce";
import { SSE_HEADERS, sseComment, sseEvent, sseRetry } from "@/lib/live/sse";

const HEARTBEAT_MS = 25_000;
const CATALOG_DEBOUNCE_MS = 150;

/**
 * Live updates for open pages, over Server-Sent Events. Every connection
 * subscribes to the store's change feeds, which hold one database listener
 * per server process however many tabs are open: a page view costs no
 * listener of its own and nothing polls.
 *
 * Events:
 * - `catalog` (the catalogue changed: refresh what you show);
 * - `cart` {items, hasOwner}: this visitor's whole cart, once on connect and
 *   after every change to it. The owner is decided here, from the request's
 *   session or guest cookie, when the stream opens; a visitor whose owner
 *   changes (sign-in, first add) reconnects.
 */
export async function GET(request: Request) {
  await connection();
  const [store, owner] = await Promise.all([
    getStore(),
    currentCartOwner({ create: false }).catch((error) => {
      console.error("Could not decide the cart owner for the live stream", error);
      return null;
    }),
  ]);
  let stop = () => {};

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (chunk: Uint8Array) => {
        if (closed) return;
        try {
          controller.enqueue(chunk);
        } catch {
          stop(); // The client went away between two events.
        }
      };
      const sendCart = (items: CartItem[]) => send(sseEvent("cart", { items: toCartEntries(items), hasOwner: owner !== null }));

      const catalogChanged = debounce(() => send(sseEvent("catalog", {})), CATALOG_DEBOUNCE_MS);
      const unsubscribeCatalog = store.watchCatalog(catalogChanged.call);
      // Subscribe before the first read, so no change falls between the two.
      let changed = false;
      const unsubscribeCart = owner
        ? store.watchCart(owner, (items) => {
            changed = true;
            sendCart(items);
          })
        : () => {};
      const heartbeat = setInterval(() => send(sseComment("ping")), HEARTBEAT_MS);
      stop = () => {
        closed = true;
        unsubscribeCatalog();
        unsubscribeCart();
        catalogChanged.cancel();
        clearInterval(heartbeat);
      };
      request.signal.addEventListener("abort", () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      });
      send(sseRetry(2000));
      send(sseEvent("ready", {}));
      if (!owner) {
        sendCart([]);
      } else {
        store.listCart(owner).then(
          (items) => {
            // A change reported meanwhile already sent a newer cart.
            if (!changed) sendCart(items);
          },
          (error) => console.error("Could not read the cart for the live stream", error),
        );
      }
    },
    cancel() {
      stop();
    },
  });

  return new Response(stream, { headers: SSE_HEADERS });
}
