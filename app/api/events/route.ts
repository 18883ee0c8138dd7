import { connection } from "next/server";
import { currentCartOwner } from "@/lib/cart/owner";
import { CART_MESSAGES } from "@/lib/cart/results";
import { catalogChanges } from "@/lib/catalog/changes";
import { getStore } from "@/lib/data";
import { isStoreError } from "@/lib/data/errors";
import { SSE_HEADERS, liveStream } from "@/lib/live/stream";

/**
 * Live updates for open pages, over Server-Sent Events (lib/live/stream.ts
 * says what is sent). Every connection subscribes to the process's change
 * feeds, which hold one database listener per server process however many
 * tabs are open; a cart listener only for a cart that exists.
 *
 * The owner is decided here, from the request's session or guest cookie,
 * when the stream opens; a visitor whose owner changes (sign-in, first add)
 * reconnects. When the session cannot be checked (the store is down) the
 * answer is a 503, never a guest's view of a signed-in shopper; the browser
 * retries later (components/live/live-updates.tsx).
 */
export async function GET(request: Request) {
  await connection();
  let owner;
  try {
    owner = await currentCartOwner({ create: false });
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    return Response.json(
      { error: CART_MESSAGES.unavailable },
      { status: 503, headers: { "Cache-Control": "private, no-store", "Retry-After": "5" } },
    );
  }
  const [store, catalog] = await Promise.all([getStore(), catalogChanges()]);
  const stream = liveStream({ owner, carts: store, catalog, signal: request.signal });
  return new Response(stream, { headers: SSE_HEADERS });
}
