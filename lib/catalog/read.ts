/**
 * Every read of the catalogue goes through here (and a category's numbered
 * pages through read-listing.ts, on the same rules): one place owns the cache
 * and its tags. Each page reads a cache entry sized to what it shows, and a miss
 * reads only that from the store, on the database's own indexes
 * (Store.listProductsPage, countProducts), never the whole catalogue:
 * - a product by id (details pages, cart lines): one document or row;
 * - home's newest, a category's page: one ordered, limited query (pages of
 *   at most 100 chained by cursor for the build's 200 details pages);
 * - each type's product count (the sitemap, a category's pages): an
 *   aggregation count;
 * - the sitemap's part k: that part's products only (readSitemapProducts);
 * - a search's results: one entry per normalised query (read-search.ts),
 *   whose miss asks the store's own search index (Store.searchProducts), a
 *   bounded number of reads;
 * - the catalogue's version a page's part was rendered from: self-hosted,
 *   the version this process's change feed has expired (changes.ts), no
 *   read; the store's counter (one read) on Vercel and where no feed listens
 *   yet (a build, a process's first moments). Cached under that part's own
 *   tags.
 * The reads that give a page its cards or its details also read what the
 * page shows of those products' stock (Store.getStock, stock-shown.ts),
 * in the same entry: it carries each product's tag, which a write that
 * changes a shown stock expires (stock-expiry.ts, the stock feed in
 * changes.ts). A sale that changes nothing shown (40 left to 39) expires
 * nothing, and no page holds a count it would not show.
 * Each entry carries the tags of what it shows (tags.ts): its listing and
 * each product in it. A change expires the tags of what it changed: in the
 * process that wrote, from its action (invalidate.ts), and in every process
 * from the store's change feed (changes.ts: the 'use cache' handler's tag
 * state, and revalidateTag through the process's own route, expire-here.ts).
 *
 * Next registers every 'use cache' function as a server reference, which
 * anyone can call over HTTP with arguments of their choosing (see
 * tests/e2e/fuzz.spec.ts). So each one checks its own arguments and answers a
 * bad one with an empty result: never a store error (a 500), never a store
 * read.
 */
import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { getStore } from "@/lib/data";
import { stockShown, type StockShown } from "@/lib/data/rules/stock-shown";
import { type CatalogSort, type Product, type ProductId, type ProductType } from "@/lib/data/contract/catalog";
import type { ProductPage } from "@/lib/data/contract/catalog-store";
import type { Store } from "@/lib/data/contract/store";
import { LIMITS } from "@/lib/data/contract/limits";
import { CATEGORIES } from "./categories";
import type { TypeCounts } from "./listing-pages";
import { catalogVersionExpiredHere } from "./changes";
import { CATALOG_TAG, LISTING_TAG, PRODUCT_TAGGED_MAX, listingTags, productTag } from "./tags";

/**
 * Called in a 'use cache' function whose result comes from the catalogue
 * (here, and the sitemap's XML), with the tags of what it shows (tags.ts).
 * 'hours' (revalidate after 1 h) is the safety net only: every process
 * expires a tag as soon as its store feed reports the change that touched
 * it, its own writes and other processes' alike (changes.ts). A short life
 * would only re-render every catalogue page in the background for nothing.
 */
export function cachedAs(tags: readonly string[]): void {
  cacheTag(...tags);
  cacheLife("hours");
}

/** The most tags `getCatalogVersionShowing` takes (Next's own limit per entry). */
const MARK_TAGS_MAX = 128;

/**
 * The catalogue's version a page part is rendered from, cached under the
 * tags of that part (components/live/catalog-version-mark.tsx): it expires,
 * and is taken again, exactly when that part's data does. A tab compares it
 * with the version a change announced for those tags
 * (lib/live/catalog-catch-up.ts).
 *
 * Self-hosted, it is the version this process's change feed has finished
 * expiring (changes.ts), no read, so it is never newer than the store's and
 * it moves only after this process's cache has dropped what the change
 * touched. A mark taken between that expiry and the feed's taking the change
 * as known is older than its data until the settling pass (change-feed.ts,
 * 2 s) expires it again: its tab refreshes a few times more, never less.
 * (A render that straddles a change can still pair older data with a newer
 * mark, as with a store read; the settling pass is what repairs that.) On
 * Vercel, whose cache the feed does not expire, and where no feed listens
 * yet: the store's counter (Store.getCatalogVersion: one read, the same
 * number on every instance).
 */
export async function getCatalogVersionShowing(tags: readonly string[]): Promise<string> {
  "use cache";
  const valid =
    Array.isArray(tags) &&
    tags.length > 0 &&
    tags.length <= MARK_TAGS_MAX &&
    tags.every((tag) => typeof tag === "string" && tag.length > 0 && tag.length <= 256);
  if (!valid) return "";
  cachedAs(tags);
  const expired = catalogVersionExpiredHere();
  if (expired !== null) return String(expired);
  const store = await getStore();
  return String(await store.getCatalogVersion());
}

/** How many products each type holds (the sitemap's listing pages and parts): an aggregation count each. */
export async function getProductCounts(): Promise<TypeCounts> {
  "use cache";
  cachedAs([CATALOG_TAG, LISTING_TAG.sitemap]);
  const store = await getStore();
  const counts = await Promise.all(CATEGORIES.map(async ({ type }) => [type, await store.countProducts(type)] as const));
  return Object.fromEntries(counts) as Record<ProductType, number>;
}

/**
 * `count` products, newest first (or in a type's `sort`), of one type or any, from the first page
 * `first` reads (pages of at most 100, chained by cursor): what a list shows,
 * and nothing after it. The page that completes the count is read `final`
 * (no document more to say whether another follows). Uncached: each caller
 * is a cache entry of its own.
 */
async function readProducts(
  type: ProductType | null,
  count: number,
  sort: CatalogSort = "newest",
  first: (store: Store, limit: number, final: boolean) => Promise<ProductPage> = (store, limit, final) =>
    store.listProductsPage({ type, sort, limit, after: null, final }),
): Promise<Product[]> {
  const store = await getStore();
  const pageSize = (left: number) => Math.min(LIMITS.listLimitMax, left);
  const isFinal = (left: number) => left <= LIMITS.listLimitMax;
  let page = await first(store, pageSize(count), isFinal(count));
  const products = [...page.products];
  while (page.next !== null && products.length < count) {
    const left = count - products.length;
    page = await store.listProductsPage({ type, sort, limit: pageSize(left), after: page.next, final: isFinal(left) });
    products.push(...page.products);
  }
  return products;
}

/**
 * The products a sitemap part lists (lib/sitemap.ts's sitemapPartRange):
 * that part's own, read from its first position, never the parts before it.
 * On Firestore the skipped positions are an offset, billed as reads (see
 * docs/FIRESTORE.md); a cursor chain through the earlier parts would instead
 * read and decode their documents, and a part number kept on each product
 * would need every write to know the catalogue's order. Called inside the
 * part's own cache entry (app/sitemap/[part]/route.ts).
 */
export async function readSitemapProducts({ position, count }: { position: number; count: number }): Promise<Product[]> {
  return count === 0
    ? []
    : readProducts(null, count, "newest", (store, limit) => store.listProductsPageAt({ type: null, sort: "newest", position, limit }));
}

/** What a page shows of its products' stock, by id; a product that shows nothing ("none") is left out. */
export type StockShownById = Record<string, StockShown>;

/** Products as a page shows them: in order, with what it shows of their stock. */
export interface ShownProducts {
  products: Product[];
  stock: StockShownById;
}

/** What pages show of these products' stock: one read of their stock records (Store.getStock). */
export async function readStockShown(store: Store, productIds: readonly string[]): Promise<StockShownById> {
  if (productIds.length === 0) return {};
  const counts = await store.getStock([...new Set(productIds)]);
  const shown: StockShownById = {};
  for (const [id, count] of counts) {
    const seen = stockShown(count);
    if (seen.kind !== "none") shown[id] = seen;
  }
  return shown;
}

/** One product, or null when no product has that id (parsed where it entered: ProductId). */
export async function getProductById(id: ProductId): Promise<Product | null> {
  return (await getProductShown(id))?.product ?? null;
}

/** One product and what its page shows of its stock, or null when no product has that id. */
export async function getProductShown(id: ProductId): Promise<{ product: Product; stock: StockShown } | null> {
  return productWithIdCached(id);
}

/**
 * Cached per id, a miss reading that one product and its stock record: a
 * details page built or regenerated after a change costs one product's read
 * and decode, not the catalogue's (a build prerendering 200 pages at 50,000
 * products decoded the whole catalogue 200 times).
 */
async function productWithIdCached(id: ProductId): Promise<{ product: Product; stock: StockShown } | null> {
  "use cache";
  cachedAs([CATALOG_TAG, productTag(id)]);
  const store = await getStore();
  const [product, stock] = await Promise.all([store.getProduct(id), readStockShown(store, [id])]);
  return product ? { product, stock: stock[id] ?? { kind: "none" } } : null;
}

export const NOTHING_SHOWN: ShownProducts = { products: [], stock: {} };

/** Most products `getNewestProducts` returns: the details pages a build prerenders. */
const NEWEST_MAX = 500;

/**
 * The newest `limit` products (1..NEWEST_MAX), newest first: home's sections
 * and the details pages a build prerenders. Cached per limit; a miss reads
 * those products only (ordered queries of at most 100, chained by cursor).
 */
export async function getNewestProducts(limit: number): Promise<Product[]> {
  "use cache";
  if (!Number.isInteger(limit) || limit < 1 || limit > NEWEST_MAX) return [];
  const products = await readProducts(null, limit);
  cachedAs(
    listingTags(
      LISTING_TAG.newest,
      products.map((p) => p.id),
    ),
  );
  return products;
}

/**
 * Home's newest `limit` products (1..PRODUCT_TAGGED_MAX) with what their
 * cards show of stock: its own entry, apart from getNewestProducts (the
 * sitemap's and the build's lists read no stock).
 */
export async function getNewestShown(limit: number): Promise<ShownProducts> {
  "use cache";
  if (!Number.isInteger(limit) || limit < 1 || limit > PRODUCT_TAGGED_MAX) return NOTHING_SHOWN;
  const products = await readProducts(null, limit);
  const ids = products.map((p) => p.id);
  cachedAs(listingTags(LISTING_TAG.newest, ids));
  return { products, stock: await readStockShown(await getStore(), ids) };
}
