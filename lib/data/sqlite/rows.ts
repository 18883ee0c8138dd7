/** Row shapes of the SQLite tables and their mapping to the contract's types. */
import type { CartItem } from "../contract/cart";
import type { Product, ProductChange, ProductImage, ProductType } from "../contract/catalog";
import { log } from "@/lib/log";
import { UNREADABLE_RECORDED_PRICE, recordedProduct } from "../rules/product-fields";
import type { UserProfile } from "../contract/users";

export interface ProductRow {
  id: string;
  name: string;
  /** The name as name A–Z orders it (../rules/catalog-order.ts nameSortKey; migration 19). */
  name_key: string;
  /** The product's images as JSON, the first its card image (migration 23). */
  images: string;
  price_cents: number;
  details: string;
  type: string;
  created_at: number;
  /** Bumped by every edit and import over the product (migration 4). */
  revision: number;
}

export interface ProductChangeRow {
  product_id: string;
  at: number;
  by: string;
  action: string;
  before: string | null;
  after: string | null;
}

export interface CartRow {
  product_id: string;
  name: string;
  price_cents: number;
  image: string;
  details: string;
  quantity: number;
  added_at: number;
  /** NULL for an account's lines (migration 5). */
  expires_at: number | null;
}

export interface UserRow {
  uid: string;
  display_name: string;
  email: string;
  created_at: number;
}

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    // Written from the contract's parsed images only (catalog.ts productRow).
    images: JSON.parse(row.images) as ProductImage[],
    priceCents: row.price_cents,
    details: row.details,
    // The CHECK constraint guarantees one of PRODUCT_TYPES.
    type: row.type as ProductType,
    createdAt: row.created_at,
  };
}

export function toProductChange(row: ProductChangeRow): ProductChange {
  const unreadable = () => log.warn(UNREADABLE_RECORDED_PRICE.kind, UNREADABLE_RECORDED_PRICE.message, { productId: row.product_id });
  return {
    productId: row.product_id,
    at: row.at,
    by: row.by,
    // The CHECK constraint guarantees one of the three.
    action: row.action as ProductChange["action"],
    before: row.before === null ? null : recordedProduct(JSON.parse(row.before), unreadable),
    after: row.after === null ? null : recordedProduct(JSON.parse(row.after), unreadable),
  };
}

export function toCartItem(row: CartRow): CartItem {
  return {
    productId: row.product_id,
    name: row.name,
    priceCents: row.price_cents,
    image: row.image,
    details: row.details,
    quantity: row.quantity,
    addedAt: row.added_at,
    expiresAt: row.expires_at,
  };
}

export function toCartRow(item: CartItem): CartRow {
  return {
    product_id: item.productId,
    name: item.name,
    price_cents: item.priceCents,
    image: item.image,
    details: item.details,
    quantity: item.quantity,
    added_at: item.addedAt,
    expires_at: item.expiresAt,
  };
}

export function toUser(row: UserRow): UserProfile {
  return { uid: row.uid, displayName: row.display_name, email: row.email, createdAt: row.created_at };
}
