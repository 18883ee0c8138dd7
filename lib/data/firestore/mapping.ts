/**
 * Firestore keeps the spec's field names (productPrize, productDetials, user/{uid}…)
 * so an existing catalogue loads as is; this file is the only place that knows
 * them and maps them to the contract's clean names.
 */
import { log } from "@/lib/log";
import { Timestamp, type DocumentData, type DocumentSnapshot } from "firebase-admin/firestore";
import { cardImageOf, productSchema } from "../contract/catalog";
import type { CartItem } from "../contract/cart";
import type { NewProduct, Product, ProductChange, ProductImage } from "../contract/catalog";
import { centsOfDollars, dollarsOfCents } from "../contract/money";
import { nameSortKey } from "../rules/catalog-order";
import { UNREADABLE_RECORDED_PRICE, recordedProduct, storedImages } from "../rules/product-fields";
import type { UserProfile } from "../contract/users";

export const COLLECTIONS = {
  products: "products",
  carts: "carts",
  cartItems: "items",
  /** products/{id}/changes: the product's recorded changes, kept after a delete (a subcollection outlives its parent). */
  productChanges: "changes",
  users: "user",
  /** addressBooks/{uid}: the account's saved addresses (address-book.ts). */
  addressBooks: "addressBooks",
  revokedSessions: "revokedSessions",
  /** accountSessionCutoffs/{uid}: the account's sessions signed in before `endedBefore` are over (SessionStore.endAccountSessions). */
  accountSessionCutoffs: "accountSessionCutoffs",
  /** Only ever read: health/ping is the one document Store.ping() gets (it need not exist). */
  health: "health",
  /** meta/catalog: the catalogue's version counter (CATALOG_VERSION_DOC). */
  meta: "meta",
} as const;

/**
 * meta/catalog holds `version`, raised by every products write this adapter
 * makes, in the same commit (Store.getCatalogVersion). One small document
 * instead of the whole collection: it is what instances listen to for
 * catalogue changes and what pages quote as the catalogue's version.
 */
export const CATALOG_VERSION_DOC = "catalog";

interface ProductDoc {
  productName: string;
  /** The spec's one image: the first of productImages (ours), which a document the spec wrote lacks. */
  productImage: string;
  productImages: ProductImage[];
  productPrize: number;
  productDetails: string;
  productType: string;
  createdAt: Timestamp;
  /**
   * The price in whole cents, a number (ours, beside the spec's
   * productPrize, which old documents hold as text): what the shop orders
   * and ranges products by price on (catalog-pages.ts). Every write sets it;
   * CatalogUpkeep sets it on older documents.
   */
  priceCents: number;
  /**
   * The name as "name A–Z" orders it (../rules/catalog-order.ts nameSortKey),
   * ours too: Firestore orders strings by their bytes, case and accents
   * included. Every write sets it; CatalogUpkeep sets it on older documents.
   */
  nameKey: string;
  /**
   * Bumped by every edit and import over the product; the spec's documents
   * have none, which reads as 0. Not part of the spec's fields: ours.
   */
  revision?: number;
}

/** products/{id}/changes/{auto}: one recorded change, fields in the contract's clean names. */
interface ProductChangeDoc {
  at: Timestamp;
  by: string;
  action: ProductChange["action"];
  before: NewProduct | null;
  after: NewProduct | null;
}

/**
 * carts/{owner}/items/{productId}: one line, in the spec's fields. Only a
 * guest's line has `expiresAt` (ours): a Timestamp, so the TTL policy on the
 * `items` collection group (firestore.indexes.json) deletes the line once
 * it has expired; reads also compare it, since TTL deletes up to a day late.
 */
interface CartDoc {
  productName: string;
  productPrize: number;
  productImage: string;
  productDetials: string;
  quantity: number;
  addedAt: Timestamp;
  expiresAt?: Timestamp;
}

/**
 * carts/{owner} of an account: how many lines the cart holds, kept by every
 * write that creates or removes one, in the same transaction (cart-write.ts).
 * A guest's cart has none: its lines are read whole anyway.
 */
export interface CartCountDoc {
  lines: number;
  /** A guest cart's: the expiry its lines carry (an account's never expire, and have none). */
  expiresAt?: Timestamp;
}

/**
 * revokedSessions/{sid}. `expiresAt` is a Timestamp so a Firestore TTL policy
 * on that field (firestore.indexes.json) deletes the document once it is
 * useless; reads also compare it, since TTL deletes up to a day late.
 */
export interface RevokedSessionDoc {
  expiresAt: Timestamp;
}

/** accountSessionCutoffs/{uid}: a TTL policy on `expiresAt` as on revokedSessions. */
export interface AccountSessionCutoffDoc {
  endedBefore: Timestamp;
  expiresAt: Timestamp;
}

export interface UserDoc {
  displayName: string;
  email: string;
  createdAt: Timestamp;
}

/** Old documents may hold a Timestamp, a Date, epoch millis, or nothing at all. */
function millis(value: unknown, fallback: Timestamp | undefined): number {
  if (value instanceof Timestamp) return value.toMillis();
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number" && Number.isFinite(value)) return value;
  return fallback ? fallback.toMillis() : 0;
}

/**
 * The original admin form stored every input as typed text, so productPrize may
 * be "129.99"; such documents still load. A document that cannot be read as a
 * product is skipped with a warning rather than breaking every catalogue page.
 */
export function productFromDoc(snap: DocumentSnapshot): Product | null {
  const data = snap.data();
  if (!data) return null;
  const candidate = {
    id: snap.id,
    name: data.productName,
    images: storedImages(data.productImages, data.productImage, data.productName),
    priceCents: centsOfDollars(data.productPrize),
    details: data.productDetails,
    type: data.productType,
    createdAt: millis(data.createdAt, snap.createTime),
  };
  const parsed = productSchema.safeParse(candidate);
  if (!parsed.success) {
    log.warn("store.product_skipped", "Skipping a document that cannot be read as a product", {
      productId: snap.id,
      issues: parsed.error.issues.map((i) => i.message).join("; "),
    });
    return null;
  }
  return parsed.data;
}

/** A product document's revision (0 for the spec's documents, which have none). */
export function revisionOfDoc(snap: DocumentSnapshot): number {
  const revision = snap.get("revision");
  return typeof revision === "number" && Number.isInteger(revision) && revision >= 0 ? revision : 0;
}

/** The fields an edit replaces: the product's own and its sort keys, never createdAt. */
export function productFieldsToDoc(product: NewProduct): Omit<ProductDoc, "createdAt" | "revision"> {
  return {
    productName: product.name,
    nameKey: nameSortKey(product.name),
    // The spec's one image: the card image, kept for what reads the spec's documents.
    productImage: cardImageOf(product),
    productImages: product.images,
    productPrize: dollarsOfCents(product.priceCents),
    priceCents: product.priceCents,
    productDetails: product.details,
    productType: product.type,
  };
}

export function productChangeToDoc(change: ProductChange): ProductChangeDoc {
  return { at: Timestamp.fromMillis(change.at), by: change.by, action: change.action, before: change.before, after: change.after };
}

export function productChangeFromDoc(productId: string, data: DocumentData): ProductChange {
  const unreadable = () => log.warn(UNREADABLE_RECORDED_PRICE.kind, UNREADABLE_RECORDED_PRICE.message, { productId });
  return {
    productId,
    at: millis(data.at, undefined),
    by: String(data.by ?? ""),
    action: data.action as ProductChange["action"],
    before: recordedProduct(data.before ?? null, unreadable),
    after: recordedProduct(data.after ?? null, unreadable),
  };
}

export function productToDoc(product: NewProduct, createdAtMillis: number): ProductDoc {
  return { ...productFieldsToDoc(product), createdAt: Timestamp.fromMillis(createdAtMillis) };
}

/**
 * A cart line's recorded price (productPrize, dollars as the spec stores it)
 * in cents. The shop writes it from a product's checked price; one it cannot
 * read (written by something else) is logged and counts as 0: the line still
 * shows the catalogue's price of now, and an order takes only that.
 */
function cartLinePriceCents(productId: string, stored: unknown): number {
  const cents = centsOfDollars(stored);
  if (cents !== null) return cents;
  log.warn("store.cart_price_unreadable", "A cart line's recorded price cannot be read as an amount: it counts as 0", { productId });
  return 0;
}

export function cartItemFromDoc(id: string, data: DocumentData): CartItem {
  return {
    productId: id,
    name: String(data.productName ?? ""),
    priceCents: cartLinePriceCents(id, data.productPrize),
    image: String(data.productImage ?? ""),
    details: String(data.productDetials ?? ""),
    quantity: Number(data.quantity ?? 0),
    addedAt: millis(data.addedAt, undefined),
    // A line stored before lines expired has none; its cart's next change gives it one.
    expiresAt: data.expiresAt instanceof Timestamp ? data.expiresAt.toMillis() : null,
  };
}

export function cartDocFromItem(item: CartItem): CartDoc {
  const doc: CartDoc = {
    productName: item.name,
    productPrize: dollarsOfCents(item.priceCents),
    productImage: item.image,
    productDetials: item.details,
    quantity: item.quantity,
    addedAt: Timestamp.fromMillis(item.addedAt),
  };
  if (item.expiresAt !== null) doc.expiresAt = Timestamp.fromMillis(item.expiresAt);
  return doc;
}

export function userFromDoc(uid: string, data: DocumentData): UserProfile {
  return {
    uid,
    displayName: String(data.displayName ?? ""),
    email: String(data.email ?? ""),
    createdAt: millis(data.createdAt, undefined),
  };
}

export function byCartOrder(a: CartItem, b: CartItem): number {
  if (a.addedAt !== b.addedAt) return a.addedAt - b.addedAt;
  return a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0;
}
