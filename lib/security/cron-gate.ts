/**
 * The gate of the cron routes (Vercel Cron's calls: /api/cron/outbox,
 * /api/cron/lapsed-orders): without CRON_SECRET a route is off (404;
 * production requires it, lib/env.ts); a missing or wrong
 * `Authorization: Bearer <CRON_SECRET>` gets a 401 and changes nothing, and
 * such callers are rate limited like admin actions. The secret is read per
 * call, so a deployment built without it and run with it works.
 */
import "server-only";
import { serverEnv } from "@/lib/env";
import { bearerMatches } from "./bearer";
import { limitRequest } from "./request-client";

/** A cron route's JSON answer, never cached. */
export function cronAnswer(body: object, status: number): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });
}

/** null when the caller is Vercel Cron (the secret matches); else the answer that refuses it. */
export async function refuseCronCaller(request: Request): Promise<Response | null> {
  const secret = serverEnv().CRON_SECRET;
  if (!secret) return cronAnswer({ error: "Not found" }, 404);
  if (bearerMatches(request.headers.get("authorization"), secret)) return null;
  return (await limitRequest("adminActions", request.headers)) ?? cronAnswer({ error: "A valid cron secret is required" }, 401);
}
