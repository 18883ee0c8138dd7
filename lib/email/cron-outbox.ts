/**
 * GET /api/cron/outbox's answer (app/api/cron/outbox/route.ts, which makes
 * it per request): sends what the outbox holds that is due, the emails a
 * failed send left behind (each is first tried right after the response
 * that wrote it). Vercel Cron calls it (vercel.json) with
 * `Authorization: Bearer <CRON_SECRET>`. Without CRON_SECRET the route is
 * off (404; production requires it, lib/env.ts); a missing or wrong secret
 * gets a 401, sending nothing, and such callers are rate limited like admin
 * actions. Answers the counts { sent, retried, failed }, or 503 when the
 * store could not be reached (the emails wait for the next run).
 */
import "server-only";
import { serverEnv } from "@/lib/env";
import { bearerMatches } from "@/lib/security/bearer";
import { limitRequest } from "@/lib/security/request-client";
import { drainOutboxNow } from "./send-now";

export async function answerCronOutbox(request: Request): Promise<Response> {
  const secret = serverEnv().CRON_SECRET;
  if (!secret) return answer({ error: "Not found" }, 404);
  if (!bearerMatches(request.headers.get("authorization"), secret)) {
    const limited = await limitRequest("adminActions", request.headers);
    return limited ?? answer({ error: "A valid cron secret is required" }, 401);
  }
  const drained = await drainOutboxNow();
  if (!drained) return answer({ error: "The outbox could not be drained; its emails wait for the next run" }, 503);
  return answer(drained, 200);
}

function answer(body: object, status: number): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });
}
