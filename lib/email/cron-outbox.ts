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
import { cronAnswer, refuseCronCaller } from "@/lib/security/cron-gate";
import { drainOutboxNow } from "./send-now";

export async function answerCronOutbox(request: Request): Promise<Response> {
  const refused = await refuseCronCaller(request);
  if (refused) return refused;
  const drained = await drainOutboxNow();
  if (!drained) return cronAnswer({ error: "The outbox could not be drained; its emails wait for the next run" }, 503);
  return cronAnswer(drained, 200);
}
