import { centsOfDollars } from "../contract/money";
import { PRODUCT_FIELDS, type NewProduct } from "../contract/catalog";

/** The editable fields of a product (no id, no createdAt), as a recorded change keeps them: the contract's list. */
export function productFields(product: NewProduct): NewProduct {
  return Object.fromEntries(PRODUCT_FIELDS.map((field) => [field, product[field]])) as NewProduct;
}

/**
 * A recorded change's product as either store keeps it (JSON on SQLite, a
 * map on Firestore): written with `priceCents`; one recorded before money was
 * whole cents holds `price` in dollars, read into cents here. Such a price
 * was recorded only after the price schema passed it (two decimals at
 * most), so it always reads.
 */
export function recordedProduct(stored: unknown): NewProduct | null {
  if (stored === null || typeof stored !== "object") return null;
  const { price, ...fields } = stored as Record<string, unknown>;
  if ("priceCents" in fields) return fields as NewProduct;
  return { ...fields, priceCents: centsOfDollars(price) } as NewProduct;
}
