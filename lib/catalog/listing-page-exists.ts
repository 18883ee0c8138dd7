/**
 * Whether a category's page number is within its pages, for proxy.ts's
 * check before a numbered page renders: a number past the last page is the
 * site's 404 page, answered before the page renders, for the reason
 * product-exists.ts gives (Next's notFound() of an on-demand render is an
 * empty document filled in by JavaScript, and cached).
 *
 * Each process remembers the last count it read of each type: a number
 * within it passes with no read (a shopper walking the pages costs one count
 * per instance); one past it is counted again, so a page that products
 * added a moment ago have filled is found at once. (A page that deletions
 * have emptied since the last count answers through its own notFound(),
 * still a 404.)
 */
import "server-only";
import { log } from "@/lib/log";
import { getStore } from "@/lib/data";
import type { ProductType } from "@/lib/data/contract/catalog";
import { categoryOf } from "./categories";
import { pageCountOf } from "./listing-pages";

const counted = new Map<ProductType, number>();

/** Whether page `page` of `type`'s listing shows anything (page 1 always: an empty category says so), or "unavailable". */
export async function listingPageExists(type: ProductType, page: number): Promise<boolean | "unavailable"> {
  const within = (count: number) => page <= pageCountOf(count, categoryOf(type).limit);
  const known = counted.get(type);
  if (page === 1 || (known !== undefined && within(known))) return true;
  try {
    const count = await (await getStore()).countProducts(type);
    counted.set(type, count);
    return within(count);
  } catch (error) {
    log.error("catalog.listing_page_check_failed", "Could not count a category's products", error);
    return "unavailable";
  }
}
