import { centsOfDollars } from "../contract/money";
import { PRODUCT_FIELDS, type NewProduct } from "../contract/catalog";

/**
 * A product's images as stored: its list when it has one; a product stored
 * with the spec's one image (`productImage`, or `image` in a recorded change
 * made before products had several) reads as that image, with the product's
 * name as its alt text, as its pages showed it. What does not read is left
 * for the product's schema to refuse.
 */
export function storedImages(list: unknown, single: unknown, name: unknown): unknown {
  if (list !== undefined) return list;
  return single === undefined ? undefined : [{ src: single, alt: name }];
}

/** The editable fields of a product (no id, no createdAt), as a recorded change keeps them: the contract's list. */
export function productFields(product: NewProduct): NewProduct {
  return Object.fromEntries(PRODUCT_FIELDS.map((field) => [field, product[field]])) as NewProduct;
}

/**
 * A recorded change's product as either store keeps it (JSON on SQLite, a
 * map on Firestore): written with `priceCents`; one recorded before money was
 * whole cents holds `price` in dollars, read into cents here. Such a price
 * was recorded only after the price schema passed it (two decimals at
 * most); one that still does not read (written by something else) is told
 * to `onUnreadablePrice` (the adapter logs it) and reads as 0.
 */
export function recordedProduct(stored: unknown, onUnreadablePrice: (price: unknown) => void): NewProduct | null {
  if (stored === null || typeof stored !== "object") return null;
  const { price, image, images, ...rest } = stored as Record<string, unknown>;
  const fields = { ...rest, images: storedImages(images, image, rest.name) };
  if ("priceCents" in fields) return fields as NewProduct;
  const priceCents = centsOfDollars(price);
  if (priceCents === null) onUnreadablePrice(price);
  return { ...fields, priceCents: priceCents ?? 0 } as NewProduct;
}

/** What an adapter says of a recorded change whose old price does not read. */
export const UNREADABLE_RECORDED_PRICE = {
  kind: "store.product_change_price_unreadable",
  message: "A recorded product change holds a price that does not read as dollars: it reads as 0",
} as const;
