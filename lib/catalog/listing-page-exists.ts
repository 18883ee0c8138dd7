/**
 * Whether a category's page number is within its pages, for proxy.ts's
 * check before a numbered page renders: a number past the last page is the
 * site's 404 page, answered before the page renders, for the reason
 * product-exists.ts gives (Next's notFound() of an on-demand render is an
 * empty document filled in by JavaScript, and cached).
 *
 * Each process remembers the last count it read of each type: a number
 * within it passes with no read (a shopper walking the pages costs one count
 * per instance). One past it is counted again, at most once every
 * RECOUNT_MS per type, however many ask meanwhile (they share that count):
 * made-up numbers cost at most one count per type per interval, and a page
 * that products added a moment ago have filled is found within it. (A page
 * that deletions have emptied since the last count shows "no posts" with
 * links back: components/category/category-page.tsx.)
 */
import "server-only";
import { log } from "@/lib/log";
import { getStore } from "@/lib/data";
import type { ProductType } from "@/lib/data/contract/catalog";
import { categoryPageCount } from "./listing-pages";

/** The least time between two counts of one type. */
const RECOUNT_MS = 5_000;

interface Counted {
  count: Promise<number>;
  at: number;
}
const counted = new Map<ProductType, Counted>();

/** The type's count: the last one while it is recent, else a new one (shared by every request while it runs). */
function countFor(type: ProductType): Promise<number> {
  const last = counted.get(type);
  if (last !== undefined && Date.now() - last.at < RECOUNT_MS) return last.count;
  const entry = { count: (async () => (await getStore()).countProducts(type))(), at: Date.now() };
  counted.set(type, entry);
  // A failed count is not remembered: the next request asks again.
  entry.count.catch(() => {
    if (counted.get(type) === entry) counted.delete(type);
  });
  return entry.count;
}

/** Whether page `page` of `type`'s listing shows anything (page 1 always: an empty category says so), or "unavailable". */
export async function listingPageExists(type: ProductType, page: number): Promise<boolean | "unavailable"> {
  if (page === 1) return true;
  try {
    // Within the last count, however old: no read.
    const last = counted.get(type);
    if (last !== undefined && page <= categoryPageCount(type, await last.count)) return true;
    return page <= categoryPageCount(type, await countFor(type));
  } catch (error) {
    log.error("catalog.listing_page_check_failed", "Could not count a category's products", error);
    return "unavailable";
  }
}
