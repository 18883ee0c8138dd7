/**
 * Whether a product id names a product, for proxy.ts's check before a details
 * page renders. Next answers a notFound() thrown while it prerenders a page
 * on demand with its error-recovery document: the 404 status and a noindex,
 * but an empty body (no title, no lang) that only JavaScript fills in, cached
 * like the page (vercel/next.js#97000 and #98027 describe the same). So an
 * unknown id is answered before the page renders, with the site's prerendered
 * not-found page.
 *
 * The proxy cannot use the pages' cached catalogue ('use cache' does not run
 * there), so it asks the store for the one product, and remembers the ids it
 * found for the life of the process: a product's page views cost one read per
 * server instance, once. An id not found is asked again every time, so a
 * product added a moment ago is found at once. (A product that is deleted
 * stays remembered here; its page then answers through the page's own
 * notFound(), still a 404.)
 */
import "server-only";
import { log } from "@/lib/log";
import { getStore } from "@/lib/data";
import type { ProductId } from "@/lib/data/contract/catalog";

/** Bounds the memory: past this many remembered ids the set starts over. */
const REMEMBERED_MAX = 50_000;
const known = new Set<string>();

/** Whether `id` (parsed from the path: proxy.ts) names a product, or "unavailable" when the store could not say. */
export async function productExists(id: ProductId): Promise<boolean | "unavailable"> {
  if (known.has(id)) return true;
  try {
    const found = (await (await getStore()).getProduct(id)) !== null;
    if (found) {
      if (known.size >= REMEMBERED_MAX) known.clear();
      known.add(id);
    }
    return found;
  } catch (error) {
    log.error("catalog.product_check_failed", "Could not check whether a product exists", error);
    return "unavailable";
  }
}
