/**
 * One line of a cart as the browser shows it (CartEntry), and how a stored
 * line (the store's CartItem) becomes one against the catalogue of now.
 *
 * Pure and shared: the cart's server code and the live stream build lines
 * with it, the browser's cart state and the components hold them. It imports
 * only the store's types (erased), so it loads nothing on either side.
 */
import type { CartItem } from "@/lib/data/contract/cart";
import { cardImageOf, type Product } from "@/lib/data/contract/catalog";

/**
 * One line of a cart as the browser holds it. Name, image and price are the
 * catalogue's now (a line follows edits); `addedPriceCents` is the unit price the
 * line recorded when it was added, so a change since can be shown. A line
 * whose product was deleted keeps what it recorded, is not `available`, and
 * counts for nothing in the totals.
 */
export interface CartEntry {
  id: string;
  name: string;
  /** Unit price now, in whole cents. */
  priceCents: number;
  image: string;
  cartQuantity: number;
  /** false once the product has been deleted from the catalogue. */
  available: boolean;
  /** The unit price when the line was added, in whole cents. */
  addedPriceCents: number;
}

/** Finds a product of the current catalogue by id (null when it no longer exists). */
export type ProductLookup = (id: string) => Product | null;

/** The lookup over one catalogue list (an id map: a cart may have many lines). */
export function lookupIn(products: readonly Product[]): ProductLookup {
  const byId = new Map(products.map((product) => [product.id, product]));
  return (id) => byId.get(id) ?? null;
}

/**
 * The browser's view of a stored cart line: the catalogue's name, image and
 * price when the product still exists (the line's own record otherwise),
 * and the price the line recorded when it was added.
 */
export function toCartEntry(item: CartItem, product: Product | null): CartEntry {
  const shown = product ? { ...product, image: cardImageOf(product) } : item;
  return {
    id: item.productId,
    name: shown.name,
    priceCents: shown.priceCents,
    image: shown.image,
    cartQuantity: item.quantity,
    available: product !== null,
    addedPriceCents: item.priceCents,
  };
}

export function toCartEntries(items: readonly CartItem[], lookup: ProductLookup): CartEntry[] {
  return items.map((item) => toCartEntry(item, lookup(item.productId)));
}
