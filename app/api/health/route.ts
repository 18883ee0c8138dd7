import { log } from "@/lib/log";
import { connection } from "next/server";
import { getStore } from "@/lib/data";
import { limitRequest } from "@/lib/security/request-client";

/**
 * Readiness probe for scripts, tests and ops: 200 once the store answers.
 * It asks Store.ping(), which reads at most one document on every backend
 * (a fixed document or row, never product data).
 */
export async function GET(request: Request) {
  // Never prerendered: the answer must describe this process, now.
  await connection();
  const limited = await limitRequest("health", request.headers);
  if (limited) return limited;
  try {
    const store = await getStore();
    await store.ping();
    return Response.json({ ok: true, store: store.kind }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    log.error("health.check_failed", "The health check failed", error);
    return Response.json({ ok: false }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
