import { connection } from "next/server";
import { getStore } from "@/lib/data";
import { readCounts } from "@/lib/data/counting";

/**
 * Readiness probe for scripts, tests and ops: 200 once the store answers.
 * It asks Store.ping(), which reads at most one document on every backend
 * (the previous probe, one product type with limit 1, read every product of
 * that type on Firestore, which orders them in memory).
 * With STORE_COUNT_READS=1 (npm run bench) it also reports the store's read
 * counts, taken before its own probe read (which is counted too).
 */
export async function GET() {
  // Never prerendered: the answer must describe this process, now.
  await connection();
  try {
    const store = await getStore();
    const reads = readCounts();
    await store.ping();
    return Response.json(
      { ok: true, store: store.kind, ...(reads && { reads }) },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    console.error("health check failed", error);
    return Response.json({ ok: false }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
