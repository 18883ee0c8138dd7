/**
 * "More like this" on a product's page, read through the catalogue's cache
 * like every other list (read.ts).
 */
import "server-only";
import { getStore } from "@/lib/data";
import type { Product, ProductType } from "@/lib/data/contract/catalog";
import { nearestInPriceSchema } from "@/lib/data/contract/catalog-store";
import { NOTHING_SHOWN, cachedAs, readStockShown, type ShownProducts } from "./read";
import { listingTags, typeTag } from "./tags";

/** How many products "more like this" shows on a product's page. */
const MORE_LIKE_THIS_LIMIT = 12;

/**
 * "More like this" on a product's page: the products of its type nearest in
 * price (Store.listNearestInPrice), with what their cards show of stock.
 */
export async function getMoreLikeThis(product: Pick<Product, "id" | "type" | "priceCents">): Promise<ShownProducts> {
  return moreLikeThisCached(product.type, product.priceCents, product.id);
}

/**
 * Cached per product and price; a miss is two ordered queries on the price
 * index (at most 2 × 13 products) and one read of their stock. Tagged with
 * its type's listing, which an add or delete of that type expires, and each
 * product shown, which their edits expire. A price edit of a product of the
 * type it does not show moves no tag here (an edit that keeps its type
 * expires no type listing: tags.ts), so such a product joins the list when
 * the entry's life ends (cachedAs: an hour at most).
 */
async function moreLikeThisCached(type: ProductType, priceCents: number, id: string): Promise<ShownProducts> {
  "use cache";
  const around = nearestInPriceSchema.safeParse({ type, priceCents, excludeId: id });
  if (!around.success) return NOTHING_SHOWN;
  const store = await getStore();
  const products = await store.listNearestInPrice(around.data, MORE_LIKE_THIS_LIMIT);
  const ids = products.map((p) => p.id);
  cachedAs(listingTags(typeTag(type), ids));
  return { products, stock: await readStockShown(store, ids) };
}
