import { connection } from "next/server";
import { getStore } from "@/lib/data";

/**
 * Readiness probe for scripts, tests and ops: 200 once the store answers.
 * It reads one product type with limit 1, the cheapest query every backend has.
 */
export async function GET() {
  // Never prerendered: the answer must describe this process, now.
  await connection();
  try {
    const store = await getStore();
    await store.listProductsByType("Electronics", 1);
    return Response.json({ ok: true, store: store.kind }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("health check failed", error);
    return Response.json({ ok: false }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
