import { connection } from "next/server";
import { adminProofOf } from "@/lib/admin/admin-proof";
import { requestUser } from "@/lib/admin/request-caller";
import { refuseStreamCaller } from "@/lib/admin/stream-guard";
import { openNewOrdersStore, parseSince, readOrderIdsPlacedSince, watchNewOrders } from "@/lib/admin/orders/new-orders";
import { UNAVAILABLE_HEADERS } from "@/lib/cart/unavailable-response";
import { ORDER_SINCE_PARAM } from "@/lib/live/order-desk-protocol";
import { orderDeskStream } from "@/lib/live/order-desk-stream";
import { sseResponse } from "@/lib/live/sse-response";
import { limitRequest } from "@/lib/security/request-client";

/**
 * New orders for an open order desk, over Server-Sent Events
 * (lib/live/order-desk-stream.ts says what is sent, in the events of
 * lib/live/order-desk-protocol.ts): admins only, decided here from the
 * request's session as the admin actions decide it (lib/admin/stream-guard.ts):
 * 401 signed out, 403 a signed-in shopper or another site's page, 503 when
 * the session cannot be checked. proxy.ts does not gate /api: this route is
 * its own gate. It is limited per client address and opened through
 * lib/live/sse-response.ts (the process's stream cap) like the shop's stream
 * (app/api/events/route.ts).
 */
/** As the shop's stream: Vercel's limit on every plan, and the stream ends itself 15 s before. */
export const maxDuration = 300;
const STREAM_LIFETIME_MS = (maxDuration - 15) * 1000;

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function GET(request: Request) {
  await connection();
  const limited = await limitRequest("streamOpens", request.headers);
  if (limited) return limited;
  const user = await requestUser("order desk stream");
  const refusal = refuseStreamCaller({
    origin: request.headers.get("origin"),
    host: request.headers.get("host"),
    forwardedHost: request.headers.get("x-forwarded-host"),
    user,
  });
  if (refusal) {
    return Response.json(
      { error: refusal.message },
      { status: refusal.status, headers: refusal.status === 503 ? UNAVAILABLE_HEADERS : NO_STORE },
    );
  }
  const admin = adminProofOf(user);
  if (typeof admin === "string") throw new Error("The order desk stream's guard let a caller through without admin proof");
  return sseResponse(async (onEnd) => {
    const store = await openNewOrdersStore();
    const since = parseSince(new URL(request.url).searchParams.get(ORDER_SINCE_PARAM));
    return orderDeskStream({
      watch: (onPlaced) => watchNewOrders(admin, store, onPlaced),
      placedSincePage: async () => (since === null ? [] : readOrderIdsPlacedSince(admin, since, store)),
      signal: request.signal,
      lifetimeMs: STREAM_LIFETIME_MS,
      onEnd,
    });
  });
}
