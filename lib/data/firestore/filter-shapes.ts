/**
 * The composite indexes of a type's filtered listings
 * (catalog-filters.ts filteredQuery), derived from the sorts: productType ==,
 * then inStock == true ("in stock only"), the sort's field, then, with a
 * price range and a sort by another field, priceCents (Firestore orders a
 * range's field after the sort's), then the document id. A shape the plain
 * listings already declare (a price range sorted by price) is not repeated.
 */
import { CATALOG_SORTS, type CatalogSort } from "../contract/catalog-sorts";
import type { CompositeQueryShape, IndexField } from "./query-shapes";

const SORT_FIELD: Record<CatalogSort, IndexField & { order: "ASCENDING" | "DESCENDING" }> = {
  newest: { fieldPath: "createdAt", order: "DESCENDING" },
  "price-asc": { fieldPath: "priceCents", order: "ASCENDING" },
  "price-desc": { fieldPath: "priceCents", order: "DESCENDING" },
  "name-asc": { fieldPath: "nameKey", order: "ASCENDING" },
};

/**
 * The fields a filtered listing orders by before the document id, in order:
 * the sort's field, then, with a price range and a sort by another field,
 * priceCents. catalog-filters.ts queries in this order and builds its
 * cursors from it; the indexes below are derived from it.
 */
export function filteredOrderFields(sort: CatalogSort, ranged: boolean): Array<IndexField & { order: "ASCENDING" | "DESCENDING" }> {
  const first = SORT_FIELD[sort];
  return ranged && first.fieldPath !== "priceCents" ? [first, { fieldPath: "priceCents", order: "ASCENDING" }] : [first];
}

const key = (fields: readonly IndexField[]) => JSON.stringify(fields);

/** The filtered listings' shapes that `declared` (the other shapes) does not already hold. */
export function filteredListingShapes(declared: readonly CompositeQueryShape[]): CompositeQueryShape[] {
  const seen = new Set(declared.map((shape) => key(shape.fields)));
  const shapes: CompositeQueryShape[] = [];
  for (const sort of CATALOG_SORTS) {
    for (const inStockOnly of [false, true]) {
      for (const ranged of [false, true]) {
        if (!inStockOnly && !ranged) continue;
        const order = filteredOrderFields(sort, ranged);
        const thenPrice = order.length > 1;
        const fields: IndexField[] = [
          { fieldPath: "productType", order: "ASCENDING" },
          ...(inStockOnly ? [{ fieldPath: "inStock", order: "ASCENDING" } as const] : []),
          ...order,
          { fieldPath: "__name__", order: "ASCENDING" },
        ];
        if (seen.has(key(fields))) continue;
        seen.add(key(fields));
        const filters = [...(inStockOnly ? ["inStock == true"] : []), ...(ranged ? ["priceCents >=, <="] : [])].join(", ");
        shapes.push({
          query: `a type's listing filtered (${filters}), sorted ${sort}: productType ==, ${filters}, orderBy ${SORT_FIELD[sort].fieldPath}${thenPrice ? " then priceCents" : ""}, then id asc (catalog-filters.ts)`,
          collectionGroup: "products",
          queryScope: "COLLECTION",
          fields,
          ...(thenPrice ? { orderedFields: 2 } : {}),
        });
      }
    }
  }
  return shapes;
}
