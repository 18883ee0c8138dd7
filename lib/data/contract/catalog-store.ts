/**
 * The store's catalogue methods (CatalogStore, CatalogPages, CatalogUpkeep)
 * and the schemas of their arguments, which the validation door
 * (../validating-store.ts) parses before any adapter runs.
 */
import type { CatalogChanges, NewProduct, Product, ProductChange, ProductRevision, ProductType } from "./catalog";
import { CATALOG_SORTS, priceCentsSchema, productTypeSchema } from "./catalog";
import type { Unsubscribe } from "./feeds";
import { idSchema, limitSchema, listLimitSchema, pageCursorSchema } from "./fields";
import { LIMITS } from "./limits";
import { z } from "./zod";

/** A catalogue version a reader last saw (CatalogStore.getCatalogChanges). */
export const catalogVersionSchema = z
  .number({ error: "Catalogue version must be a number" })
  .int("Catalogue version must be a whole number")
  .min(0, "Catalogue version must not be negative")
  .max(Number.MAX_SAFE_INTEGER, "Catalogue version is too large");

/** CatalogStore.upsertProducts' options: `announce` (default true) records the change in the same commit. */
export const upsertOptionsSchema = z.strictObject({ announce: z.boolean().default(true) });

/** A search's options (CatalogStore.searchProducts): one type or any (null), and how many results at most. */
export const searchOptionsSchema = z.strictObject({
  type: productTypeSchema.nullable(),
  limit: limitSchema(LIMITS.searchResultsMax),
});

/** One type, or null for every type. */
const pageTypeSchema = productTypeSchema.nullable();
/** The order (../rules/catalog-order.ts); any but newest only within one type, the indexes the stores keep. */
const pageSortSchema = z.enum(CATALOG_SORTS, { error: `Sort must be one of ${CATALOG_SORTS.join(", ")}` });
const sortNeedsType = {
  check: (view: { type: unknown; sort: string }) => view.sort === "newest" || view.type !== null,
  error: { error: "Sorting by price or name needs a product type", path: ["sort"] },
};

/** A filter, order and position in the catalogue (CatalogPages.listProductsPage). */
export const productPageFilterSchema = z
  .strictObject({
    type: pageTypeSchema,
    sort: pageSortSchema,
    /** 1..100 (the admin list's pages are 50). */
    limit: listLimitSchema,
    /** The cursor the previous page returned (opaque), null for the first page. */
    after: pageCursorSchema.nullable(),
    /**
     * The caller asks for no page after this one (a list that shows its first
     * `limit` and stops, such as home's newest): the one product more that
     * would tell whether another page follows is not read (on Firestore, one
     * billed read fewer), and `next` is null, unless the page skipped a
     * document it could not read as a product (Firestore), so that the caller
     * can read on for what it meant to show.
     */
    final: z.boolean({ error: "final must be true or false" }).optional(),
  })
  .refine(sortNeedsType.check, sortNeedsType.error);
export type ProductPageFilter = z.output<typeof productPageFilterSchema>;

/** Where "more like this" looks from (CatalogPages.listNearestInPrice): a product's type and price, and the product itself, left out. */
export const nearestInPriceSchema = z.strictObject({
  type: productTypeSchema,
  priceCents: priceCentsSchema,
  excludeId: idSchema,
});
export type NearestInPrice = z.output<typeof nearestInPriceSchema>;

/** A 0-based position in the catalogue's order (the sitemap's parts start mid-catalogue). */
const catalogPositionSchema = z
  .number({ error: "Position must be a number" })
  .int("Position must be a whole number")
  .min(0, "Position must not be negative")
  .max(100_000_000, "Position must be at most 100,000,000");

/** A page that starts at a position of an order (CatalogPages.listProductsPageAt): a numbered page, a sitemap part. */
export const productPageAtSchema = z
  .strictObject({ type: pageTypeSchema, sort: pageSortSchema, position: catalogPositionSchema, limit: listLimitSchema })
  .refine(sortNeedsType.check, sortNeedsType.error);
export type ProductPageAt = z.output<typeof productPageAtSchema>;

/** A listing's filter (catalog-filters.ts): a price range in cents, either end open, and "in stock only". */
export const catalogFilterSchema = z
  .strictObject({
    minCents: z
      .number({ error: "The lowest price must be a number" })
      .int("The lowest price must be a whole number of cents")
      .min(0, "The lowest price must not be negative")
      .max(LIMITS.priceMax * 100, `The lowest price must be at most ${LIMITS.priceMax}`)
      .nullable(),
    maxCents: priceCentsSchema.nullable(),
    inStockOnly: z.boolean({ error: "inStockOnly must be true or false" }),
  })
  .refine((f) => f.minCents === null || f.maxCents === null || f.minCents <= f.maxCents, {
    error: "The lowest price must not be above the highest",
    path: ["maxCents"],
  });

/**
 * A filtered page of one type (CatalogPages.listFilteredProducts): its order,
 * filter and size, where it starts: `position` products past `after` (the
 * cursor the page before returned, opaque) or past the start (null).
 */
export const filteredPageSchema = z.strictObject({
  type: productTypeSchema,
  sort: pageSortSchema,
  filter: catalogFilterSchema,
  after: pageCursorSchema.nullable(),
  position: catalogPositionSchema,
  limit: listLimitSchema,
});
export type FilteredPage = z.output<typeof filteredPageSchema>;

/** What CatalogPages.countFilteredProducts counts: one type's products that pass a filter. */
export const filteredCountSchema = z.strictObject({ type: productTypeSchema, filter: catalogFilterSchema });
export type FilteredCount = z.output<typeof filteredCountSchema>;

/** How many products one page of a backfill scans. */
export const backfillPageSizeSchema = z
  .number({ error: "Page size must be a number" })
  .int("Page size must be a whole number")
  .min(1, "Page size must be at least 1")
  .max(LIMITS.batchMax, `Page size must be at most ${LIMITS.batchMax}`);

/** Products, their revisions and recorded changes, and the catalogue's version. */
export interface CatalogStore {
  /**
   * Every product, newest first, ties broken by id ascending. Not for the
   * shop: no request, cold start, catalogue change or build reads every
   * product (CatalogPages reads pages); tests and the seed's checks only.
   */
  listProducts(): Promise<Product[]>;
  /**
   * The catalogue's version: a counter that every write to the products
   * (add, edit, delete, import) raises, through any instance; one read. Same
   * catalogue, same number, on every instance, so pages and caches can say
   * which catalogue they show without reading all of it. It only rises while
   * the database lives; a new (or emptied) database starts again at 0.
   */
  getCatalogVersion(): Promise<number>;
  /** null when no product has that id (a malformed id is an invalid_input error). */
  getProduct(id: string): Promise<Product | null>;
  /** Products of one type, same order as listProducts, at most `limit` (1..100). */
  listProductsByType(type: ProductType, limit: number): Promise<Product[]>;
  /**
   * Ranked search (lib/data/rules/search-keys.ts, search-rank.ts): products matching
   * more query words first, name matches (whole word or plural, prefix, typo)
   * before details; then newest first, ties by id. Of one type or any, at most
   * `limit` (1..100); [] for a query without words. Answered from the store's
   * own index of search keys, never by reading the catalogue.
   */
  searchProducts(query: string, options: z.input<typeof searchOptionsSchema>): Promise<Product[]>;
  /** Adds a product; with `by` (an admin's email) the creation is recorded in its changes. */
  addProduct(input: NewProduct, by?: string): Promise<Product>;
  /** The product and its current revision; null when no product has that id. */
  getProductRevision(id: string): Promise<ProductRevision | null>;
  /**
   * Replaces a product's fields (not its id or createdAt) if it is still at
   * `expectedRevision`, records the change and returns the new revision.
   * Throws not_found when it no longer exists, conflict when it changed since.
   */
  updateProduct(id: string, input: NewProduct, expectedRevision: number, by: string): Promise<ProductRevision>;
  /** Deletes a product if it is still at `expectedRevision` and records it; not_found / conflict as updateProduct. */
  deleteProduct(id: string, expectedRevision: number, by: string): Promise<void>;
  /** A product's recorded changes, newest first, at most `limit` (1..100); kept after a delete. */
  listProductChanges(id: string, limit: number): Promise<ProductChange[]>;
  /**
   * Insert or replace products under the given ids (seed and import).
   * All-or-nothing: one invalid record and nothing is written. Recorded as a
   * change of anything (everythingChanged) in the same commit, unless
   * `announce` is false: an import of many batches writes them all quietly
   * and calls markCatalogChanged once at its end (lib/catalog/seed.ts).
   */
  upsertProducts(products: Product[], options?: z.input<typeof upsertOptionsSchema>): Promise<void>;
  /**
   * Records that anything in the catalogue may have changed, raising its
   * version once: an import's end, or an edit made outside the shop (the
   * Firestore console; `npm run admin -- catalog-changed`). Returns the version.
   */
  markCatalogChanged(): Promise<number>;
  /** What changed after version `since` (rules/catalog-changes.ts); one read. */
  getCatalogChanges(since: number): Promise<CatalogChanges>;
  /**
   * Called after every change to the catalogue, from any instance, with
   * what changed since the last call (null changes: more than is kept, e.g.
   * after the listener was cut for a while). `onListening`, once the watch
   * holds the catalogue's version, with that version: every change after it
   * comes to `onChange` (called before watchCatalog returns when the
   * version is already held). It costs no read of its own (the listener's
   * first answer), so the caller can answer "what is the version, what
   * changed since" from what it heard (lib/catalog/change-feed.ts).
   */
  watchCatalog(onChange: (changes: CatalogChanges) => void, onListening?: (version: number) => void): Unsubscribe;
}

export interface ProductPage {
  products: Product[];
  /** The cursor of the next page; null when this page is the last. */
  next: string | null;
}

/**
 * The catalogue read in pages sized to what is shown, on the databases' own
 * indexes: newest first (createdAt desc, then id asc), never the whole
 * catalogue. What the shop reads lists through these.
 */
export interface CatalogPages {
  /** A page of products, newest first, of one type or any. A cursor this store did not make is invalid_input. */
  listProductsPage(filter: ProductPageFilter): Promise<ProductPage>;
  /**
   * A page that starts at a 0-based position of an order (a listing's
   * numbered page, a sitemap part), continued with listProductsPage(next). On
   * Firestore the skipped positions are billed as document reads (an
   * offset): what reads it is cached until its type's products change.
   */
  listProductsPageAt(at: ProductPageAt): Promise<ProductPage>;
  /** How many products (of one type, or all): an aggregation count on Firestore, COUNT(*) on SQLite. */
  countProducts(type: ProductType | null): Promise<number>;
  /**
   * A type's products that pass a filter, in `sort` (with a price range and
   * another sort, ties by price before id: ../rules/catalog-order.ts
   * filteredOrder), `limit` of them, `position` past the cursor `after` (a
   * page's `next`, of the same sort and filter shape, else invalid_input) or
   * past the start. A position is an offset, on Firestore billed as reads
   * (like listProductsPageAt); a cursor starts the query where its page
   * ended, so the next page reads its own products only (plus one, which
   * says whether another follows). One indexed query (the composite indexes
   * query-shapes.ts lists; SQLite's of migration 20).
   */
  listFilteredProducts(page: FilteredPage): Promise<ProductPage>;
  /** How many of a type's products pass a filter: an aggregation count, COUNT(*). */
  countFilteredProducts(of: FilteredCount): Promise<number>;
  /**
   * "More like this": at most `limit` (1..100) products of `around.type`
   * nearest in price to `around.priceCents`, never `around.excludeId`, in
   * the order of ../rules/nearest-in-price.ts. Two ordered, limited queries
   * on the price index, one each side of the price: they read what they
   * show, plus at most two.
   */
  listNearestInPrice(around: NearestInPrice, limit: number): Promise<Product[]>;
}

/**
 * The catalogue's upkeep, for ops commands (npm run doctor, npm run admin --
 * backfill), never a request: every product needs its sort keys, a
 * createdAt, a numeric price key and a name key, since an ordered query
 * leaves a document without its field out.
 */
export interface CatalogUpkeep {
  /** How many products have no createdAt of the store's own type; aggregation counts only. */
  countProductsWithoutCreatedAt(): Promise<number>;
  /** How many products have no numeric price key (Firestore's priceCents); aggregation counts only. */
  countProductsWithoutPriceKey(): Promise<number>;
  /** How many products have no name key (Firestore's nameKey, ../rules/catalog-order.ts); aggregation counts only. */
  countProductsWithoutNameKey(): Promise<number>;
  /** How many products have no in-stock flag (Firestore's inStock, ../rules/stock-shown.ts isInStock); aggregation counts only. */
  countProductsWithoutStockFlag(): Promise<number>;
  /**
   * Gives every product without a createdAt one (its document's creation
   * time on Firestore), without a price key the one its price reads as,
   * the name key of its name (set again where it no longer matches the name),
   * and without an in-stock flag the one its stock says,
   * scanning in pages by id; running it again changes nothing. Says how many
   * it scanned and fixed.
   */
  backfillSortKeys(pageSize?: number): Promise<{ scanned: number; updated: number }>;
}
