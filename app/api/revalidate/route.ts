import { timingSafeEqual } from "node:crypto";
import { revalidateTag } from "next/cache";
import { CATALOG_TAG } from "@/lib/catalog/tags";
import { serverEnv } from "@/lib/env";
import { limitRequest } from "@/lib/security/request-client";

/**
 * POST /api/revalidate, `Authorization: Bearer <REVALIDATE_SECRET>`: expires
 * every cached catalogue page and entry, on this instance and, on Vercel, in
 * the platform's shared caches and its CDN (revalidateTag's documented reach).
 * For writes made outside the shop: the import script calls it once at its
 * end (scripts/seed.ts), ops after a console edit (`npm run admin --
 * catalog-changed`, docs/DEPLOY.md). Self-hosted instances also learn of
 * those writes from the store's change record (lib/catalog/changes.ts).
 * Without REVALIDATE_SECRET the route does not exist (404); a wrong secret is
 * a 401 and expires nothing; callers are rate limited like admin actions.
 */
export async function POST(request: Request): Promise<Response> {
  const limited = await limitRequest("adminActions", request.headers);
  if (limited) return limited;
  const secret = serverEnv().REVALIDATE_SECRET;
  if (!secret) return answer({ error: "Not found" }, 404);
  if (!bearerMatches(request.headers.get("authorization"), secret)) return answer({ error: "A valid revalidation secret is required" }, 401);
  revalidateTag(CATALOG_TAG, { expire: 0 });
  return answer({ revalidated: [CATALOG_TAG] }, 200);
}

function bearerMatches(header: string | null, secret: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? "")?.[1] ?? "");
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function answer(body: object, status: number): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });
}
