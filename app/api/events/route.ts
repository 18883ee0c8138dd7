import { connection } from "next/server";
import { currentCartOwner } from "@/lib/cart/owner";
import { catalogChanges } from "@/lib/catalog/changes";
import { getStore } from "@/lib/data";
import { liveStream } from "@/lib/live/stream";
import { streamProducts } from "@/lib/cart/stream-products";
import { parseSince, readyFromFeed, readyFromStore } from "@/lib/live/catalog-ready";
import { SINCE_PARAM } from "@/lib/live/protocol";
import { sseResponse } from "@/lib/live/sse-response";
import { limitRequest } from "@/lib/security/request-client";

/**
 * Live updates for open pages, over Server-Sent Events (lib/live/stream.ts
 * says what is sent, in the events and shapes of lib/live/protocol.ts).
 * Every connection subscribes to the process's change feeds, which hold one
 * database listener per server process however many tabs are open; a cart
 * listener for a signed-in shopper, and for a guest only once the guest's
 * cart exists.
 *
 * The owner is decided here, from the request's session or guest cookie,
 * when the stream opens (a signed-in shopper's leftover guest cart is merged
 * first: settleGuestCart, lib/cart/owner.ts); a visitor whose owner changes (sign-in, first add)
 * reconnects. When the session cannot be checked (the store is down) the
 * answer is a 503, never a guest's view of a signed-in shopper, and so is a
 * guest's cart check that fails; the browser retries later
 * (components/live/live-updates.tsx).
 */
/**
 * Vercel ends a function at its maxDuration; 300 s is allowed on every plan.
 * The stream ends itself 15 s before, so the browser reconnects cleanly
 * (a fresh cart snapshot first) rather than through a cut connection.
 */
export const maxDuration = 300;
const STREAM_LIFETIME_MS = (maxDuration - 15) * 1000;

export async function GET(request: Request) {
  await connection();
  const limited = await limitRequest("streamOpens", request.headers);
  if (limited) return limited;
  return sseResponse(async (onEnd) => {
    const owner = await currentCartOwner({ create: false, settle: true });
    const [store, catalog] = await Promise.all([getStore(), catalogChanges()]);
    // A guest's cart is checked before the stream opens: a store failure is
    // then a 503, which the browser backs off from (5 s doubling to 60 s),
    // not a stream that opens, fails and is retried every 2 s by EventSource.
    const cartExists = owner?.startsWith("guest:") ? await store.hasCart(owner) : undefined;
    const since = parseSince(new URL(request.url).searchParams.get(SINCE_PARAM));
    // From the feed, `ready` and the stream's subscription to it (in
    // liveStream, synchronously) see the same changes: none falls between.
    let ready = readyFromFeed(catalog, since);
    if (ready === null) {
      const stored = await readyFromStore(store, since);
      // The feed may have started listening, or heard a change, during that
      // read: then it answers, in step with the subscription that follows.
      ready = readyFromFeed(catalog, since) ?? stored;
    }
    return liveStream({
      owner,
      carts: store,
      products: streamProducts((id) => store.getProduct(id)),
      catalog,
      ready,
      cartExists,
      signal: request.signal,
      lifetimeMs: STREAM_LIFETIME_MS,
      onEnd,
    });
  });
}
