/**
 * A type's listing narrowed by the shopper's filters on Firestore
 * (CatalogPages.listFilteredProducts, countFilteredProducts): one query with
 * equality on productType and inStock (in-stock.ts), a range on
 * priceCents, the sort's order, on the composite indexes
 * filter-shapes.ts derives; a page is an offset (billed as reads, like
 * listProductsPageAt), a count an aggregation.
 */
import { FieldPath, type CollectionReference, type DocumentData, type Query } from "firebase-admin/firestore";
import { hasPriceRange, type CatalogFilter } from "../contract/catalog-filters";
import type { CatalogPages } from "../contract/catalog-store";
import type { CatalogSort, Product, ProductType } from "../contract/catalog";
import { SORT_KEYS } from "../rules/page-cursor";
import type { FirestoreContext } from "./context";
import { IN_STOCK } from "./in-stock";
import { productFromDoc } from "./mapping";

/** The field that holds each sort key (written by every product write, set on older documents by CatalogUpkeep). */
export const FIELD = { price: "priceCents", name: "nameKey" } as const;

export function firestoreFilteredPages(
  guard: FirestoreContext["guard"],
  products: CollectionReference<DocumentData>,
  count: (query: Query<DocumentData>) => Promise<number>,
): Pick<CatalogPages, "listFilteredProducts" | "countFilteredProducts"> {
  /**
   * A type's products that pass `filter` (equality on inStock, a range on
   * priceCents), in the order of filteredOrder: a sort by another key is
   * followed by priceCents (Firestore orders a range's field after the
   * sort's), then the document id. Each shape has its composite index
   * (query-shapes.ts).
   */
  const filteredQuery = (type: ProductType, sort: CatalogSort, filter: CatalogFilter): Query<DocumentData> => {
    let query = products.where("productType", "==", type);
    if (filter.inStockOnly) query = query.where(IN_STOCK, "==", true);
    if (filter.minCents !== null) query = query.where(FIELD.price, ">=", filter.minCents);
    if (filter.maxCents !== null) query = query.where(FIELD.price, "<=", filter.maxCents);
    const keyed = sort === "newest" ? null : SORT_KEYS[sort];
    query = keyed === null ? query.orderBy("createdAt", "desc") : query.orderBy(FIELD[keyed.key], keyed.direction);
    if (hasPriceRange(filter) && keyed?.key !== "price") query = query.orderBy(FIELD.price, "asc");
    return query.orderBy(FieldPath.documentId(), "asc");
  };

  return {
    listFilteredProducts: ({ type, sort, filter, position, limit }) =>
      guard(async () => {
        const docs = (await filteredQuery(type, sort, filter).offset(position).limit(limit).get()).docs;
        return docs.map(productFromDoc).filter((p): p is Product => p !== null);
      }),

    countFilteredProducts: ({ type, filter }) => guard(() => count(filteredQuery(type, "newest", filter))),
  };
}
