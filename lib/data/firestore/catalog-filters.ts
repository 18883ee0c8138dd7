/**
 * A type's listing narrowed by the shopper's filters on Firestore
 * (CatalogPages.listFilteredProducts, countFilteredProducts): one query with
 * equality on productType and inStock (in-stock.ts), a range on
 * priceCents, the sort's order, on the composite indexes
 * filter-shapes.ts derives; a page starts after a cursor of the page before
 * (startAfter: it reads its own documents) or at an offset (billed as
 * reads, like listProductsPageAt); a count is an aggregation.
 */
import { FieldPath, type CollectionReference, type DocumentData, type Query, type QueryDocumentSnapshot } from "firebase-admin/firestore";
import { hasPriceRange, type CatalogFilter } from "../contract/catalog-filters";
import type { CatalogPages } from "../contract/catalog-store";
import type { CatalogSort, Product, ProductType } from "../contract/catalog";
import { decodePageCursor, encodePageCursor } from "../rules/page-cursor";
import { filteredOrderFields } from "./filter-shapes";
import type { FirestoreContext } from "./context";
import { IN_STOCK } from "./in-stock";
import { productFromDoc } from "./mapping";
import { isStoredValue, storedValue, valueOfStored, type StoredValue } from "./stored-value";

/** The field that holds each sort key (written by every product write, set on older documents by CatalogUpkeep). */
export const FIELD = { price: "priceCents", name: "nameKey" } as const;

export function firestoreFilteredPages(
  guard: FirestoreContext["guard"],
  products: CollectionReference<DocumentData>,
  count: (query: Query<DocumentData>) => Promise<number>,
): Pick<CatalogPages, "listFilteredProducts" | "countFilteredProducts"> {
  /** The fields a filtered query orders by before the document id, with their directions (filter-shapes.ts, which its indexes follow). */
  const orderOf = (sort: CatalogSort, filter: CatalogFilter): Array<[field: string, direction: "asc" | "desc"]> =>
    filteredOrderFields(sort, hasPriceRange(filter)).map(({ fieldPath, order }) => [fieldPath, order === "ASCENDING" ? "asc" : "desc"]);

  /**
   * A type's products that pass `filter` (equality on inStock, a range on
   * priceCents), in orderOf's order, then the document id. Each shape has
   * its composite index (query-shapes.ts).
   */
  const filteredQuery = (type: ProductType, sort: CatalogSort, filter: CatalogFilter): Query<DocumentData> => {
    let query = products.where("productType", "==", type);
    if (filter.inStockOnly) query = query.where(IN_STOCK, "==", true);
    if (filter.minCents !== null) query = query.where(FIELD.price, ">=", filter.minCents);
    if (filter.maxCents !== null) query = query.where(FIELD.price, "<=", filter.maxCents);
    for (const [field, direction] of orderOf(sort, filter)) query = query.orderBy(field, direction);
    return query.orderBy(FieldPath.documentId(), "asc");
  };

  /**
   * A filtered page's cursor: its sort and whether a price range orders it
   * (a cursor is refused by a query of another shape), the last document's
   * order fields as stored, and its id.
   */
  type FilteredPosition = [sort: CatalogSort, ranged: boolean, keys: StoredValue[], id: string];
  const isFilteredPosition =
    (sort: CatalogSort, filter: CatalogFilter) =>
    (parts: unknown[]): parts is FilteredPosition =>
      parts.length === 4 &&
      parts[0] === sort &&
      parts[1] === hasPriceRange(filter) &&
      Array.isArray(parts[2]) &&
      parts[2].length === orderOf(sort, filter).length &&
      parts[2].every(isStoredValue) &&
      typeof parts[3] === "string" &&
      parts[3].length > 0;
  const cursorAt = (doc: QueryDocumentSnapshot, sort: CatalogSort, filter: CatalogFilter) => {
    const keys = orderOf(sort, filter).map(([field]) => storedValue(doc.get(field)));
    return encodePageCursor([sort, hasPriceRange(filter), keys, doc.id] satisfies FilteredPosition);
  };

  return {
    listFilteredProducts: ({ type, sort, filter, after, position, limit }) =>
      guard(async () => {
        let query = filteredQuery(type, sort, filter);
        if (after !== null) {
          const [, , keys, id] = decodePageCursor(after, isFilteredPosition(sort, filter));
          query = query.startAfter(...keys.map(valueOfStored), id);
        }
        // One document more says whether another page follows.
        const docs = (
          await query
            .offset(position)
            .limit(limit + 1)
            .get()
        ).docs;
        const shown = docs.slice(0, limit);
        // A document that cannot be read as a product is skipped (mapping.ts), but the cursor still moves past it.
        const last = shown.at(-1);
        return {
          products: shown.map(productFromDoc).filter((p): p is Product => p !== null),
          next: docs.length > limit && last !== undefined ? cursorAt(last, sort, filter) : null,
        };
      }),

    countFilteredProducts: ({ type, filter }) => guard(() => count(filteredQuery(type, "newest", filter))),
  };
}
