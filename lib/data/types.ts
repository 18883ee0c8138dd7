/**
 * The storage contract. Every adapter (SQLite, Firestore) implements `Store`
 * and passes the same contract suite in tests/store-contract. Nothing here
 * knows about React, Next.js or which backend runs.
 */
import type { OrderStore, OutboxStore, StockStore } from "./order-types";

export const PRODUCT_TYPES = ["Electronics", "Accessories", "Book", "Sport"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** A catalogue product, with clean names (Firestore keeps the spec's names). */
export interface Product {
  id: string;
  name: string;
  /** Local path ("/products/x.webp") or an https URL. */
  image: string;
  /** Price in US dollars, at most two decimals. */
  price: number;
  details: string;
  type: ProductType;
  /** Milliseconds since the epoch; the catalogue is listed newest first. */
  createdAt: number;
}

export type NewProduct = Omit<Product, "id" | "createdAt">;

/**
 * A product with its revision: a counter every edit (and every import over
 * it) bumps. An admin's edit or delete names the revision it was made from,
 * so a save over someone else's newer change is refused, never lost.
 */
export interface ProductRevision {
  product: Product;
  revision: number;
}

/** One recorded change to a product: who, when, and its fields before and after. */
export interface ProductChange {
  productId: string;
  /** Milliseconds since the epoch. */
  at: number;
  /** Who made it: the admin's email. */
  by: string;
  action: "create" | "update" | "delete";
  /** null for a create. */
  before: NewProduct | null;
  /** null for a delete. */
  after: NewProduct | null;
}

/**
 * Who a cart belongs to: `guest:<random id>` (cookie) or `user:<uid>`.
 * The prefix keeps the two namespaces apart; see lib/data/owner.ts.
 */
export type CartOwner = `guest:${string}` | `user:${string}`;

export interface CartItem {
  productId: string;
  /** Snapshot of the product when it was first added (as the spec stores it). */
  name: string;
  price: number;
  image: string;
  /** The product's details, shortened to their first LIMITS.cartDetailsMax characters. */
  details: string;
  quantity: number;
  addedAt: number;
  /**
   * When the line is forgotten (ms since the epoch): a guest's lines 30 days
   * after the last change to the guest's cart, all of them at once; null for
   * an account's lines, which are kept. A line past it is in no read.
   */
  expiresAt: number | null;
}

export interface LineAddResult {
  item: CartItem;
  /** true when the product was not in the cart before this call. */
  created: boolean;
}

/** What a merge of carts did. */
export interface MergeResult {
  /** The cart merged into, whole, after the merge. */
  items: CartItem[];
  /**
   * How many guest lines were left out because the cart would have passed
   * LIMITS.cartLinesMax lines (the oldest of the new ones, by addedAt).
   */
  dropped: number;
}

export interface UserProfile {
  uid: string;
  displayName: string;
  email: string;
  createdAt: number;
}

export type NewUserProfile = Omit<UserProfile, "uid" | "createdAt">;

export type Unsubscribe = () => void;

/**
 * What one catalogue write changed, recorded in the same commit with the
 * version it raised the catalogue to (lib/data/catalog-changes.ts).
 */
export interface CatalogChange {
  /** The catalogue's version this change raised it to. */
  version: number;
  /** The products added, edited or deleted; null: any product may have changed (an import, an edit made outside the shop). */
  products: string[] | null;
  /** The types whose lists changed: an added or deleted product's type, an edit's type before and after when it moved. */
  types: ProductType[];
  /** Whether products were added or deleted, so every "newest" list and the sitemap may differ. */
  listed: boolean;
}

/** What changed between a version a reader saw and the catalogue's version now. */
export interface CatalogChanges {
  /** The catalogue's version now. */
  version: number;
  /** The changes after the version asked about, oldest first; null when more changed than is kept. */
  changes: CatalogChange[] | null;
}

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
   * Ranked search (lib/data/search-keys.ts, search-rank.ts): products matching
   * more query words first, name matches (whole word or plural, prefix, typo)
   * before details; then newest first, ties by id. Of one type or any, at most
   * `limit` (1..100); [] for a query without words. Answered from the store's
   * own index of search keys, never by reading the catalogue.
   */
  searchProducts(query: string, options: { type: ProductType | null; limit: number }): Promise<Product[]>;
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
  upsertProducts(products: Product[], options?: { announce?: boolean }): Promise<void>;
  /**
   * Records that anything in the catalogue may have changed, raising its
   * version once: an import's end, or an edit made outside the shop (the
   * Firestore console; `npm run admin -- catalog-changed`). Returns the version.
   */
  markCatalogChanged(): Promise<number>;
  /** What changed after version `since` (catalog-changes.ts); one read. */
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

/** A filter and position in the newest-first catalogue (CatalogPages.listProductsPage). */
export interface ProductPageFilter {
  /** One type, or null for every type. */
  type: ProductType | null;
  /** 1..100 (the admin list's pages are 50). */
  limit: number;
  /** The cursor the previous page returned (opaque), null for the first page. */
  after: string | null;
  /**
   * The caller asks for no page after this one (a list that shows its first
   * `limit` and stops, such as home's newest): the one product more that
   * would tell whether another page follows is not read (on Firestore, one
   * billed read fewer), and `next` is null, unless the page skipped a
   * document it could not read as a product (Firestore), so that the caller
   * can read on for what it meant to show.
   */
  final?: boolean;
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
   * A page that starts at a 0-based position of the newest-first order (the
   * sitemap's parts), continued with listProductsPage(next). On Firestore the
   * skipped positions are billed as document reads (an offset): only for
   * what must start mid-catalogue, never per visitor.
   */
  listProductsPageAt(position: number, limit: number): Promise<ProductPage>;
  /** How many products (of one type, or all): an aggregation count on Firestore, COUNT(*) on SQLite. */
  countProducts(type: ProductType | null): Promise<number>;
}

/**
 * The catalogue's upkeep, for ops commands (npm run doctor, npm run admin --
 * backfill), never a request: every product needs a createdAt, since an
 * ordered query leaves a document without one out.
 */
export interface CatalogUpkeep {
  /** How many products have no createdAt of the store's own type; aggregation counts only. */
  countProductsWithoutCreatedAt(): Promise<number>;
  /**
   * Gives every product without a createdAt one (its document's creation
   * time on Firestore), scanning in pages by id; running it again changes
   * nothing. Says how many it scanned and set.
   */
  backfillCreatedAt(pageSize?: number): Promise<{ scanned: number; updated: number }>;
}

/**
 * Carts, always of one owner. The store speaks of lines: "add to cart" is the
 * shopper's verb (the browser's cart state), addToCartAction the server action.
 */
export interface CartStore {
  listCart(owner: CartOwner): Promise<CartItem[]>;
  /**
   * Whether the owner has at least one cart line; one read. The live stream
   * asks it first, so no cart listener is opened for a cart that does not exist.
   */
  hasCart(owner: CartOwner): Promise<boolean>;
  /** Atomically adds `quantity` (default 1) of a product to its line, creating the line if needed. */
  addToLine(owner: CartOwner, productId: string, quantity?: number): Promise<LineAddResult>;
  /**
   * Sets a line's quantity (1..999) in one contention-safe write. null when the
   * owner has no line for the product; not_found when the product no longer
   * exists (a line of a deleted product can only be removed).
   */
  setLineQuantity(owner: CartOwner, productId: string, quantity: number): Promise<CartItem | null>;
  /** false when the line did not exist. */
  removeLine(owner: CartOwner, productId: string): Promise<boolean>;
  /**
   * Moves the guest's lines into the user's cart and empties the guest cart.
   * A line of a product the user's cart has adds its quantity (capped at
   * LIMITS.lineQuantityMax); the others become new lines while the cart
   * stays within LIMITS.cartLinesMax lines, newest first, and the rest are
   * dropped (counted in the result). The user's lines are all kept; the
   * moved ones take the user's cart's expiry (an account's: none).
   */
  mergeCarts(from: CartOwner, into: CartOwner): Promise<MergeResult>;
  /** Called with the owner's whole cart after every change to it. */
  watchCart(owner: CartOwner, onChange: (items: CartItem[]) => void): Unsubscribe;
}

/** Shoppers' profiles, user/{uid} in the spec. */
export interface UserStore {
  getUser(uid: string): Promise<UserProfile | null>;
  /** Creates user/{uid} only when missing; an existing profile is returned untouched. */
  createUserIfMissing(uid: string, input: NewUserProfile): Promise<{ user: UserProfile; created: boolean }>;
}

/**
 * Revoked sessions: a signed-out session's id, kept until the session could
 * no longer be presented anyway, so a copy of its cookie is refused.
 */
export interface SessionStore {
  /**
   * Records that the session `sid` is over. `expiresAt` (ms since the epoch)
   * is when the record may be forgotten; revoking again keeps the later one.
   */
  revokeSession(sid: string, expiresAt: number): Promise<void>;
  /** true while `sid` is revoked (until its expiresAt); one read. */
  isSessionRevoked(sid: string): Promise<boolean>;
}

/** The whole contract: every concern, plus the store's own life. */
export interface Store
  extends CatalogStore, CatalogPages, CatalogUpkeep, CartStore, UserStore, SessionStore, OrderStore, StockStore, OutboxStore {
  /** Which adapter this is, for logs and the health report. */
  readonly kind: "sqlite" | "firestore";
  /**
   * Proves the store answers, reading at most one document (the health
   * check); throws StoreError("unavailable") otherwise.
   */
  ping(): Promise<void>;
  /** Releases connections and listeners (tests, scripts, shutdown). */
  close(): Promise<void>;
}
