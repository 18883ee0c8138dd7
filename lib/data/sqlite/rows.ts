/** Row shapes of the SQLite tables and their mapping to the contract's types. */
import { fromCents } from "../money";
import type { CartItem, Product, ProductType, UserProfile } from "../types";

export interface ProductRow {
  id: string;
  name: string;
  image: string;
  price_cents: number;
  details: string;
  type: string;
  created_at: number;
}

export interface CartRow {
  product_id: string;
  name: string;
  price_cents: number;
  image: string;
  details: string;
  quantity: number;
  added_at: number;
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
    image: row.image,
    price: fromCents(row.price_cents),
    details: row.details,
    // The CHECK constraint guarantees one of PRODUCT_TYPES.
    type: row.type as ProductType,
    createdAt: row.created_at,
  };
}

export function toCartItem(row: CartRow): CartItem {
  return {
    productId: row.product_id,
    name: row.name,
    price: fromCents(row.price_cents),
    image: row.image,
    details: row.details,
    quantity: row.quantity,
    addedAt: row.added_at,
  };
}

export function toUser(row: UserRow): UserProfile {
  return { uid: row.uid, displayName: row.display_name, email: row.email, createdAt: row.created_at };
}
