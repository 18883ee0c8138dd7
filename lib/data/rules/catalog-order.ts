/**
 * The catalogue's orders (CatalogSort), each total: ties are broken by id
 * ascending, so a page's cursor (its last product's key and id) says
 * exactly where the next page begins.
 */
import type { CatalogSort, Product } from "../contract/catalog";
import { hasPriceRange, type CatalogFilter } from "../contract/catalog-filters";

/**
 * A name as "name A–Z" compares it: accents and case set aside ("Éclair"
 * beside "eclair"), so both stores order it as one string of UTF-8 bytes
 * (Firestore's nameKey, SQLite's name_key), written with every product write.
 */
export function nameSortKey(name: string): string {
  return name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

const byId = (a: Product, b: Product) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The catalogue's one order: newest first, ties broken by id ascending. */
export function byNewestThenId(a: Product, b: Product): number {
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
  return byId(a, b);
}

/**
 * Each sort as a comparison, the order the stores' indexes keep (the
 * contract tests hold both adapters to it). Name keys compare by UTF-16
 * code units here, the stores by UTF-8 bytes: the same order, except
 * between characters above U+FFFF and those from U+E000 to U+FFFF.
 */
export const CATALOG_ORDER: Record<CatalogSort, (a: Product, b: Product) => number> = {
  newest: byNewestThenId,
  "price-asc": (a, b) => a.priceCents - b.priceCents || byId(a, b),
  "price-desc": (a, b) => b.priceCents - a.priceCents || byId(a, b),
  "name-asc": (a, b) => byKey(nameSortKey(a.name), nameSortKey(b.name)) || byId(a, b),
};

/**
 * A filtered listing's order (CatalogPages.listFilteredProducts): its sort,
 * except that with a price range and a sort by another key, ties are broken
 * by price (ascending) before id, as Firestore orders a query with a range
 * on one field and a sort on another (the range's field follows the sort's).
 */
export function filteredOrder(sort: CatalogSort, filter: CatalogFilter): (a: Product, b: Product) => number {
  const order = CATALOG_ORDER[sort];
  if (!hasPriceRange(filter) || sort === "price-asc" || sort === "price-desc") return order;
  const key =
    sort === "newest"
      ? (a: Product, b: Product) => b.createdAt - a.createdAt
      : (a: Product, b: Product) => byKey(nameSortKey(a.name), nameSortKey(b.name));
  return (a, b) => key(a, b) || a.priceCents - b.priceCents || byId(a, b);
}
