/**
 * Every Firestore query the adapter makes that needs a composite index, in
 * the shape firestore.indexes.json declares it. The adapter's pages
 * (catalog-pages.ts) and `npm run doctor` (lib/ops/doctor.ts) read this one
 * list, and tests/doctor.test.ts holds the file to it, so a new
 * query without its index fails before a deploy does (the emulator serves
 * any query; a project answers FAILED_PRECONDITION).
 *
 * Queries on one field (a count of a type, createdAt >= t, products by id,
 * a product's changes by `at`, an order by referenceKey, an order's emails
 * by orderId, the stock notices at or after a time, the dashboard's counts
 * of returns asked for and payments awaiting, its low stock by count and its
 * sales days by id: sales.ts) use Firestore's automatic single-field
 * indexes and are not listed. The order desk's filters combine by index merging: each equality
 * field has its own index ending placedAt desc, __name__ asc.
 */
import { filteredListingShapes } from "./filter-shapes";

export type IndexField = { fieldPath: string; order: "ASCENDING" | "DESCENDING" } | { fieldPath: string; arrayConfig: "CONTAINS" };

export interface CompositeQueryShape {
  /** What reads it, in words. */
  query: string;
  collectionGroup: string;
  queryScope: "COLLECTION" | "COLLECTION_GROUP";
  fields: IndexField[];
  /**
   * How many of the named fields, from the last, are the query's order (the
   * rest are equalities): 1 unless a range on one field follows a sort on
   * another (filter-shapes.ts).
   */
  orderedFields?: number;
}

const LISTED_SHAPES: readonly CompositeQueryShape[] = [
  {
    query: "the newest products (home, the sitemap's parts, the admin list): orderBy createdAt desc, then id asc",
    collectionGroup: "products",
    queryScope: "COLLECTION",
    fields: [
      { fieldPath: "createdAt", order: "DESCENDING" },
      { fieldPath: "__name__", order: "ASCENDING" },
    ],
  },
  {
    query: "the newest of one type (category pages, the admin list's type filter): productType ==, orderBy createdAt desc, then id asc",
    collectionGroup: "products",
    queryScope: "COLLECTION",
    fields: [
      { fieldPath: "productType", order: "ASCENDING" },
      { fieldPath: "createdAt", order: "DESCENDING" },
      { fieldPath: "__name__", order: "ASCENDING" },
    ],
  },
  {
    query: "a search (search pages): searchKeys array-contains-any, orderBy createdAt desc, then id asc (catalog-search.ts)",
    collectionGroup: "products",
    queryScope: "COLLECTION",
    fields: [
      { fieldPath: "searchKeys", arrayConfig: "CONTAINS" },
      { fieldPath: "createdAt", order: "DESCENDING" },
      { fieldPath: "__name__", order: "ASCENDING" },
    ],
  },
  {
    query:
      "a search within one type (the admin list's type filter): productType ==, searchKeys array-contains-any, orderBy createdAt desc, then id asc",
    collectionGroup: "products",
    queryScope: "COLLECTION",
    fields: [
      { fieldPath: "productType", order: "ASCENDING" },
      { fieldPath: "searchKeys", arrayConfig: "CONTAINS" },
      { fieldPath: "createdAt", order: "DESCENDING" },
      { fieldPath: "__name__", order: "ASCENDING" },
    ],
  },
  {
    query:
      "more like this, at or above a price (product pages): productType ==, priceCents >=, orderBy priceCents asc, then id asc (catalog-pages.ts); and a type's listing by price, low to high",
    collectionGroup: "products",
    queryScope: "COLLECTION",
    fields: [
      { fieldPath: "productType", order: "ASCENDING" },
      { fieldPath: "priceCents", order: "ASCENDING" },
      { fieldPath: "__name__", order: "ASCENDING" },
    ],
  },
  {
    query:
      "more like this, below a price (product pages): productType ==, priceCents <, orderBy priceCents desc, then id asc; and a type's listing by price, high to low",
    collectionGroup: "products",
    queryScope: "COLLECTION",
    fields: [
      { fieldPath: "productType", order: "ASCENDING" },
      { fieldPath: "priceCents", order: "DESCENDING" },
      { fieldPath: "__name__", order: "ASCENDING" },
    ],
  },
  {
    query: "a type's listing by name A–Z: productType ==, orderBy nameKey asc, then id asc (catalog-pages.ts)",
    collectionGroup: "products",
    queryScope: "COLLECTION",
    fields: [
      { fieldPath: "productType", order: "ASCENDING" },
      { fieldPath: "nameKey", order: "ASCENDING" },
      { fieldPath: "__name__", order: "ASCENDING" },
    ],
  },
  {
    query:
      "the order desk's newest orders: orderBy placedAt desc, then id asc (orders.ts), and the orders export's date range on it (placedAt >= from, < before); and the desk's live feed's window, placedAt >= a time (new-orders-watch.ts)",
    collectionGroup: "orders",
    queryScope: "COLLECTION",
    fields: [
      { fieldPath: "placedAt", order: "DESCENDING" },
      { fieldPath: "__name__", order: "ASCENDING" },
    ],
  },
  {
    query:
      "the order desk's filter by fulfilment: fulfilment ==, orderBy placedAt desc, then id asc (merged with the others for combinations)",
    collectionGroup: "orders",
    queryScope: "COLLECTION",
    fields: [
      { fieldPath: "fulfilment", order: "ASCENDING" },
      { fieldPath: "placedAt", order: "DESCENDING" },
      { fieldPath: "__name__", order: "ASCENDING" },
    ],
  },
  {
    query: "the order desk's filter by payment: payment ==, orderBy placedAt desc, then id asc",
    collectionGroup: "orders",
    queryScope: "COLLECTION",
    fields: [
      { fieldPath: "payment", order: "ASCENDING" },
      { fieldPath: "placedAt", order: "DESCENDING" },
      { fieldPath: "__name__", order: "ASCENDING" },
    ],
  },
  {
    query: "the order desk's filter by return: returnState ==, orderBy placedAt desc, then id asc",
    collectionGroup: "orders",
    queryScope: "COLLECTION",
    fields: [
      { fieldPath: "returnState", order: "ASCENDING" },
      { fieldPath: "placedAt", order: "DESCENDING" },
      { fieldPath: "__name__", order: "ASCENDING" },
    ],
  },
  {
    query:
      "the order desk's search by email, and a shopper's guest orders of their verified email: emailKey ==, orderBy placedAt desc, then id asc",
    collectionGroup: "orders",
    queryScope: "COLLECTION",
    fields: [
      { fieldPath: "emailKey", order: "ASCENDING" },
      { fieldPath: "placedAt", order: "DESCENDING" },
      { fieldPath: "__name__", order: "ASCENDING" },
    ],
  },
  {
    query: "a shopper's own orders (and, merged with emailKey's, guest orders: uid == null): uid ==, orderBy placedAt desc, then id asc",
    collectionGroup: "orders",
    queryScope: "COLLECTION",
    fields: [
      { fieldPath: "uid", order: "ASCENDING" },
      { fieldPath: "placedAt", order: "DESCENDING" },
      { fieldPath: "__name__", order: "ASCENDING" },
    ],
  },
  {
    query: "the outbox's claim (outbox.ts): state == pending, dueAt <=, orderBy dueAt",
    collectionGroup: "outbox",
    queryScope: "COLLECTION",
    fields: [
      { fieldPath: "state", order: "ASCENDING" },
      { fieldPath: "dueAt", order: "ASCENDING" },
    ],
  },
];

export const COMPOSITE_QUERY_SHAPES: readonly CompositeQueryShape[] = [...LISTED_SHAPES, ...filteredListingShapes(LISTED_SHAPES)];

interface DeclaredIndex {
  collectionGroup?: unknown;
  queryScope?: unknown;
  fields?: unknown;
}

const sameFields = (declared: unknown, wanted: IndexField[]): boolean =>
  Array.isArray(declared) &&
  declared.length === wanted.length &&
  declared.every((f: { fieldPath?: unknown; order?: unknown; arrayConfig?: unknown }, i) => {
    const want = wanted[i];
    return f?.fieldPath === want.fieldPath && ("order" in want ? f?.order === want.order : f?.arrayConfig === want.arrayConfig);
  });

/**
 * The query shapes `indexesJson` (firestore.indexes.json's text) has no
 * index for; throws when the file cannot be read as one.
 */
export function queriesWithoutIndex(
  indexesJson: string,
  shapes: readonly CompositeQueryShape[] = COMPOSITE_QUERY_SHAPES,
): CompositeQueryShape[] {
  const indexes = (JSON.parse(indexesJson) as { indexes?: unknown }).indexes ?? [];
  if (!Array.isArray(indexes)) throw new Error("indexes is not a list");
  return shapes.filter(
    (shape) =>
      !indexes.some(
        (index: DeclaredIndex) =>
          index?.collectionGroup === shape.collectionGroup &&
          (index.queryScope ?? "COLLECTION") === shape.queryScope &&
          sameFields(index.fields, shape.fields),
      ),
  );
}
