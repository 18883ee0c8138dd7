import { connection } from "next/server";
import { getStore } from "@/lib/data";
import { debounce } from "@/lib/live/debounce";
import { SSE_HEADERS, sseComment, sseEvent, sseRetry } from "@/lib/live/sse";

const HEARTBEAT_MS = 25_000;
const CATALOG_DEBOUNCE_MS = 150;

/**
 * Live updates for open pages, over Server-Sent Events. Every connection
 * subscribes to the store's change feed, which holds one database listener
 * per server process however many tabs are open: a page view costs no
 * listener of its own and nothing polls.
 *
 * Events: `catalog` (the catalogue changed: refresh what you show).
 */
export async function GET(request: Request) {
  await connection();
  const store = await getStore();
  let stop = () => {};

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (chunk: Uint8Array) => {
        try {
          controller.enqueue(chunk);
        } catch {
          stop(); // The client went away between two events.
        }
      };
      const catalogChanged = debounce(() => send(sseEvent("catalog", {})), CATALOG_DEBOUNCE_MS);
      const unsubscribe = store.watchCatalog(catalogChanged.call);
      const heartbeat = setInterval(() => send(sseComment("ping")), HEARTBEAT_MS);
      stop = () => {
        unsubscribe();
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
    },
    cancel() {
      stop();
    },
  });

  return new Response(stream, { headers: SSE_HEADERS });
}
