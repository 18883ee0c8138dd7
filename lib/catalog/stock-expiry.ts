/**
 * How a write that changed what pages show of some products' stock (a sale,
 * a cancel or return giving stock back, the operator's setStock; see
 * lib/data/rules/stock-shown.ts) expires those pages in the request that made it:
 * the `product:<id>` tags (tags.ts), which every cached read showing that
 * product carries, its stock included (read.ts), and the pages "in stock
 * only" (tags.ts stockTags). Nothing else: never the catalogue's tag, never
 * another product's pages. Every instance, this one
 * included, also expires the same tags from the store's stock feed
 * (stock-feed.ts, started in changes.ts).
 */
import "server-only";
import { revalidateTag, updateTag } from "next/cache";
import { stockTags } from "./tags";
import { inSpan } from "@/lib/tracing/span";

/**
 * In a server action: `updateTag`, so the action's answer and this
 * instance's next requests show the new stock (read-your-own-writes).
 * Pass the products whose shown stock changed (PlaceOrderResult's
 * stockShownChanged; for setStock, stockShownChanged(before, after)).
 */
export function expireStockShown(productIds: readonly string[]): void {
  const tags = stockTags(productIds);
  inSpan("cache expire", { "storefront.cache.tags": tags.length, "storefront.cache.how": "updateTag" }, () => {
    for (const tag of tags) updateTag(tag);
  });
}

/** In a route handler (updateTag is for server actions only): `revalidateTag`, expired at once. */
export function expireStockShownFromRoute(productIds: readonly string[]): void {
  const tags = stockTags(productIds);
  inSpan("cache expire", { "storefront.cache.tags": tags.length, "storefront.cache.how": "revalidateTag" }, () => {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  });
}
