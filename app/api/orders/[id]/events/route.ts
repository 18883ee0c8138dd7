import { connection } from "next/server";
import { currentUser } from "@/lib/auth/session";
import { storeUnavailableJson } from "@/lib/cart/unavailable-response";
import { isStoreError } from "@/lib/data/contract/errors";
import { orderPageStream } from "@/lib/live/order-page-stream";
import { sseResponse } from "@/lib/live/sse-response";
import { orderingStore } from "@/lib/orders/ordering-store";
import { viewableOrder } from "@/lib/orders/viewable-order";
import { limitRequest } from "@/lib/security/request-client";

/**
 * An open order page's live channel (lib/live/order-page-protocol.ts): the
 * order's revision, at once and after each step the desk (or the shopper)
 * takes, on any instance, so the page re-renders without a reload. Opened to
 * whoever may see the order, decided as its page decides
 * (lib/orders/viewable-order.ts: the session, or a guest's token, whose
 * look-ups are limited as the page's), else 404; limited per client address
 * and opened through the process's stream cap like the shop's other streams
 * (app/api/events/route.ts). proxy.ts does not gate /api: this route is its
 * own gate. The page's one read of the order here, and the store's one
 * source per followed order per process, are what it costs
 * (docs/FIRESTORE.md, "Orders").
 */
/** As the shop's stream: Vercel's limit on every plan, and the stream ends itself 15 s before. */
export const maxDuration = 300;
const STREAM_LIFETIME_MS = (maxDuration - 15) * 1000;

const NO_STORE = { "Cache-Control": "private, no-store" };

interface Context {
  params: Promise<{ id: string }>;
}

export async function GET(request: Request, { params }: Context): Promise<Response> {
  await connection();
  const limited = await limitRequest("streamOpens", request.headers);
  if (limited) return limited;
  const { id } = await params;
  const token = new URL(request.url).searchParams.get("token") || null;
  if (token !== null) {
    const lookups = await limitRequest("orderLookups", request.headers);
    if (lookups) return lookups;
  }
  let store;
  try {
    store = await orderingStore();
    const found = await viewableOrder(store, id, token, (await currentUser())?.uid ?? null);
    if (!found) return Response.json({ error: "Not found" }, { status: 404, headers: NO_STORE });
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    return storeUnavailableJson();
  }
  const followed = store;
  return sseResponse(async (onEnd) =>
    orderPageStream({
      watch: (onRevision) => followed.watchOrder(id, onRevision),
      signal: request.signal,
      lifetimeMs: STREAM_LIFETIME_MS,
      onEnd,
    }),
  );
}
