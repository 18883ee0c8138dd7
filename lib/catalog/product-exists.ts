/**
 * Whether a product id names a product, for proxy.ts's check before a details
 * page renders. Next answers a notFound() thrown while it prerenders a page
 * on demand with its error-recovery document: the 404 status and a noindex,
 * but an empty body (no title, no lang) that only JavaScript fills in, cached
 * like the page (vercel/next.js#97000 and #98027 describe the same). So an
 * unknown id is answered before the page renders, with the site's prerendered
 * not-found page.
 *
 * Known ids are remembered per process for a minute, so a product's page
 * views cost one store read per process per minute; an unknown id is asked
 * every time, so a product added a moment ago is found at once.
 */
import "server-only";
import { getStore } from "@/lib/data";
import { idSchema } from "@/lib/data/validation";

const REMEMBERED_MS = 60_000;
const known = new Map<string, number>();

export async function productExists(id: string): Promise<boolean | "unavailable"> {
  if (!idSchema.safeParse(id).success) return false;
  const until = known.get(id);
  if (until !== undefined && until > Date.now()) return true;
  try {
    const found = (await (await getStore()).getProduct(id)) !== null;
    if (found) known.set(id, Date.now() + REMEMBERED_MS);
    else known.delete(id);
    return found;
  } catch (error) {
    console.error("Could not check whether a product exists", error);
    return "unavailable";
  }
}
