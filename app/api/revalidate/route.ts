import { revalidateTag } from "next/cache";
import { isFromThisProcess } from "@/lib/catalog/expire-here";
import { CATALOG_TAG } from "@/lib/catalog/tags";
import { serverEnv } from "@/lib/env";
import { bearerMatches } from "@/lib/security/bearer";
import { limitRequest } from "@/lib/security/request-client";

/** Most tags one request of this process's own feed names (a burst of changes). */
const TAGS_MAX = 1_000;

/**
 * POST /api/revalidate expires cached catalogue pages and entries with
 * revalidateTag, inside a request as Next requires; on Vercel that reaches
 * the platform's shared caches and its CDN too. Two callers:
 * - `Authorization: Bearer <REVALIDATE_SECRET>`: a write made outside the
 *   shop (the import script calls it once at its end, scripts/seed.ts; ops
 *   after a console edit, `npm run admin -- catalog-changed`): everything
 *   (the `catalog` tag). Without REVALIDATE_SECRET this caller gets a 404; a
 *   wrong secret a 401, expiring nothing; callers are rate limited like
 *   admin actions.
 * - this process itself (lib/catalog/expire-here.ts, its token): the tags a
 *   catalogue change touched, as its store feed heard it, in the JSON body.
 */
export async function POST(request: Request): Promise<Response> {
  if (isFromThisProcess(request.headers)) {
    const tags = await tagsOf(request);
    if (!tags) return answer({ error: "Expected { tags: string[] }" }, 400);
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
    return answer({ revalidated: tags.length }, 200);
  }
  const limited = await limitRequest("adminActions", request.headers);
  if (limited) return limited;
  const secret = serverEnv().REVALIDATE_SECRET;
  if (!secret) return answer({ error: "Not found" }, 404);
  if (!bearerMatches(request.headers.get("authorization"), secret))
    return answer({ error: "A valid revalidation secret is required" }, 401);
  revalidateTag(CATALOG_TAG, { expire: 0 });
  return answer({ revalidated: [CATALOG_TAG] }, 200);
}

async function tagsOf(request: Request): Promise<string[] | null> {
  try {
    const { tags } = (await request.json()) as { tags?: unknown };
    const valid =
      Array.isArray(tags) && tags.length <= TAGS_MAX && tags.every((tag) => typeof tag === "string" && tag.length > 0 && tag.length <= 256);
    return valid ? (tags as string[]) : null;
  } catch {
    return null;
  }
}

function answer(body: object, status: number): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });
}
