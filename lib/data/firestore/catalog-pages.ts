/**
 * The catalogue in pages on Firestore: ordered, limited queries on the
 * composite indexes query-shapes.ts lists (createdAt desc, then the document
 * id asc; the same after productType ==; a type's priceCents up or down, or
 * nameKey, then id), with a cursor at the last document read, so a page reads its own documents only (plus one, which says whether
 * another page follows, unless the caller asks for a final page). Counts are aggregation queries: one read per 1,000
 * index entries counted, no document read.
 *
 * A document without createdAt (or priceCents, or nameKey) is left out of
 * every query ordered by it, and one without inStock out of every filtered
 * query (in-stock.ts), so every write sets them (addProduct, updateProduct,
 * upsertProducts) and CatalogUpkeep finds and fixes the older ones (npm run
 * doctor, npm run admin -- backfill).
 */
import { FieldPath, Timestamp, type DocumentData, type Query, type QueryDocumentSnapshot } from "firebase-admin/firestore";
import { everythingChanged } from "../rules/catalog-changes";
import { nearestInPrice, nearestSideLimit } from "../rules/nearest-in-price";
import { decodePageCursor, encodePageCursor, isKeyedPosition, SORT_KEYS, type KeyedPosition, type KeyedSort } from "../rules/page-cursor";
import type { CatalogPages, CatalogUpkeep, ProductPage } from "../contract/catalog-store";
import type { CatalogSort, Product, ProductType } from "../contract/catalog";
import { nameSortKey } from "../rules/catalog-order";
import { catalogRecorder } from "./catalog-record";
import { IN_STOCK, inStockFlags } from "./in-stock";
import { FIELD, firestoreFilteredPages } from "./catalog-filters";
import type { FirestoreContext } from "./context";
import { centsOfDollars } from "../contract/money";
import { CATALOG_VERSION_DOC, COLLECTIONS, productFromDoc } from "./mapping";
import { isStoredValue, storedValue, valueOfStored, type StoredValue } from "./stored-value";

/** A newest-first cursor's position: the last document's createdAt as stored (stored-value.ts) and its id. */
type Position = [...StoredValue, id: string];

function isPosition(parts: unknown[]): parts is Position {
  const id = parts.at(-1);
  return typeof id === "string" && id.length > 0 && isStoredValue(parts.slice(0, -1));
}

const valueOf = (position: Position): unknown => valueOfStored(position.slice(0, -1) as StoredValue);

/** The lowest Timestamp Firestore stores (0001-01-01): `>=` it matches every Timestamp and nothing else. */
const EARLIEST = new Timestamp(-62_135_596_800, 0);

export function firestoreCatalogPages({ db, guard }: FirestoreContext): CatalogPages & CatalogUpkeep {
  const products = db.collection(COLLECTIONS.products);
  const catalogVersionRef = db.collection(COLLECTIONS.meta).doc(CATALOG_VERSION_DOC);

  /** Newest first, ties by id: the order of query-shapes.ts. */
  const newest = (type: ProductType | null): Query<DocumentData> =>
    (type ? products.where("productType", "==", type) : products).orderBy("createdAt", "desc").orderBy(FieldPath.documentId(), "asc");

  /**
   * One document more than the page tells whether another page follows. A
   * final page (read without it) still gives its cursor when it skipped a
   * document, so its caller can read on for what it meant to show.
   */
  const pageOf = (docs: QueryDocumentSnapshot[], limit: number, final = false, sort: CatalogSort = "newest"): ProductPage => {
    const shown = docs.slice(0, limit);
    // A document that cannot be read as a product is skipped (mapping.ts), but the cursor still moves past it.
    const list = shown.map(productFromDoc).filter((p): p is Product => p !== null);
    const last = shown.at(-1);
    const more = final ? docs.length === limit && list.length < limit : docs.length > limit;
    if (!more || !last) return { products: list, next: null };
    const position: Position | KeyedPosition =
      sort === "newest" ? [...storedValue(last.get("createdAt")), last.id] : [sort, last.get(FIELD[SORT_KEYS[sort].key]), last.id];
    return { products: list, next: encodePageCursor(position) };
  };

  /** A type's other orders, each by its key then the document id (the schema refuses them without a type). */
  const keyed = (type: ProductType, sort: KeyedSort): Query<DocumentData> =>
    products
      .where("productType", "==", type)
      .orderBy(FIELD[SORT_KEYS[sort].key], SORT_KEYS[sort].direction)
      .orderBy(FieldPath.documentId(), "asc");

  /** A type's page in one of its other orders, after a cursor of that order. */
  const keyedPage = async (type: ProductType, sort: KeyedSort, limit: number, after: string | null, final: boolean) => {
    let query = keyed(type, sort);
    if (after !== null) {
      const [, key, id] = decodePageCursor(after, isKeyedPosition(sort));
      query = query.startAfter(key, id);
    }
    return pageOf((await query.limit(final ? limit : limit + 1).get()).docs, limit, final, sort);
  };

  const count = async (query: Query<DocumentData>) => (await query.count().get()).data().count;

  return {
    listProductsPage: ({ type, sort, limit, after, final = false }) =>
      guard(async () => {
        if (sort !== "newest" && type !== null) return keyedPage(type, sort, limit, after, final);
        let query = newest(type);
        if (after !== null) {
          const position = decodePageCursor(after, isPosition);
          query = query.startAfter(valueOf(position), position.at(-1) as string);
        }
        // One document more says whether another page follows, unless the caller wants none.
        return pageOf((await query.limit(final ? limit : limit + 1).get()).docs, limit, final);
      }),

    // Firestore bills every skipped document of an offset as a read: page k
    // of a listing costs k pages' reads, the sitemap's part k (k ≥ 1) k ×
    // 50,000 reads before its own. Each is cached until its products change.
    listProductsPageAt: ({ type, sort, position, limit }) =>
      guard(async () => {
        const query = sort !== "newest" && type !== null ? keyed(type, sort) : newest(type);
        return pageOf(
          (
            await query
              .offset(position)
              .limit(limit + 1)
              .get()
          ).docs,
          limit,
          false,
          sort,
        );
      }),

    ...firestoreFilteredPages(guard, products, count),

    countProducts: (type) => guard(() => count(type ? products.where("productType", "==", type) : products)),

    // Each side on its index (query-shapes.ts), in the order nearest-in-price.ts reads it. A document without
    // a numeric priceCents (written before the field) is in neither until CatalogUpkeep sets it.
    listNearestInPrice: (around, limit) =>
      guard(async () => {
        const ofType = products.where("productType", "==", around.type);
        const side = (op: ">=" | "<", direction: "asc" | "desc") =>
          ofType
            .where("priceCents", op, around.priceCents)
            .orderBy("priceCents", direction)
            .orderBy(FieldPath.documentId(), "asc")
            .limit(nearestSideLimit(limit))
            .get();
        const [above, below] = await Promise.all([side(">=", "asc"), side("<", "desc")]);
        const read = (docs: QueryDocumentSnapshot[]) => docs.map(productFromDoc).filter((p): p is Product => p !== null);
        return nearestInPrice(around, read(above.docs), read(below.docs), limit);
      }),

    // Those with a number are counted on the automatic priceCents index; the rest lack it or hold another type.
    countProductsWithoutPriceKey: () =>
      guard(async () => {
        const [all, keyed] = await Promise.all([count(products), count(products.where("priceCents", ">=", 0))]);
        return all - keyed;
      }),

    // Those with a string are counted on the automatic nameKey index; the rest lack it or hold another type.
    countProductsWithoutNameKey: () =>
      guard(async () => {
        const [all, keyed] = await Promise.all([count(products), count(products.where("nameKey", ">=", ""))]);
        return all - keyed;
      }),

    // Those with a boolean are counted on the automatic inStock index; the rest lack it or hold another type.
    countProductsWithoutStockFlag: () =>
      guard(async () => {
        const [all, flagged] = await Promise.all([count(products), count(products.where(IN_STOCK, "in", [true, false]))]);
        return all - flagged;
      }),

    // Those with a Timestamp are counted on the automatic createdAt index; the rest lack it or hold another type.
    countProductsWithoutCreatedAt: () =>
      guard(async () => {
        const [all, stamped] = await Promise.all([count(products), count(products.where("createdAt", ">=", EARLIEST))]);
        return all - stamped;
      }),

    backfillSortKeys: async (pageSize = 300) => {
      let scanned = 0;
      let updated = 0;
      let last: string | null = null;
      try {
        for (;;) {
          const from: string | null = last;
          // One guarded call per page: a whole scan would outlast any one call's deadline.
          const readAndFix = () =>
            guard(async () => {
              let query = products.orderBy(FieldPath.documentId()).limit(pageSize);
              if (from !== null) query = query.startAfter(from);
              const docs = (await query.get()).docs;
              const unflagged = docs.filter((doc) => typeof doc.get(IN_STOCK) !== "boolean").map((doc) => doc.id);
              const flags = await inStockFlags(db, unflagged);
              const batch = db.batch();
              let fixes = 0;
              for (const doc of docs) {
                const fix = sortKeysFor(doc, flags.get(doc.id) ?? null);
                if (fix === null) continue;
                // Only if unchanged since the read (an import or an edit may have set them meanwhile).
                batch.update(doc.ref, fix, { lastUpdateTime: doc.updateTime });
                fixes++;
              }
              if (fixes > 0) await batch.commit();
              return { ids: docs.map((d) => d.id), fixes };
            });
          let page: Awaited<ReturnType<typeof readAndFix>> | null = null;
          for (let attempt = 1; page === null; attempt++) {
            try {
              page = await readAndFix();
            } catch (error) {
              if (attempt >= PAGE_ATTEMPTS) throw error;
            }
          }
          scanned += page.ids.length;
          updated += page.fixes;
          if (page.ids.length < pageSize) break;
          last = page.ids.at(-1)!;
        }
      } finally {
        // Once for the whole run, also when it stops part-way: the fixed products join the ordered pages.
        if (updated > 0) {
          await guard(() => db.runTransaction(async (tx) => (await catalogRecorder(tx, catalogVersionRef))(everythingChanged())));
        }
      }
      return { scanned, updated };
    },
  };
}

/**
 * What a document's sort and filter keys need (stampFor, priceKeyFor,
 * nameKeyFor; `inStock`, the flag its stock says when it has none), or null
 * when it has them all.
 */
function sortKeysFor(
  doc: QueryDocumentSnapshot,
  inStock: boolean | null,
): { createdAt?: Timestamp; priceCents?: number; nameKey?: string; inStock?: boolean } | null {
  const createdAt = stampFor(doc);
  const priceCents = priceKeyFor(doc);
  const nameKey = nameKeyFor(doc);
  if (createdAt === null && priceCents === null && nameKey === null && inStock === null) return null;
  return {
    ...(createdAt === null ? {} : { createdAt }),
    ...(priceCents === null ? {} : { priceCents }),
    ...(nameKey === null ? {} : { nameKey }),
    ...(inStock === null ? {} : { [IN_STOCK]: inStock }),
  };
}

/**
 * The nameKey a document should hold, or null when it holds it already or
 * has no name as text (no product the shop shows: mapping.ts skips it).
 */
function nameKeyFor(doc: QueryDocumentSnapshot): string | null {
  const name: unknown = doc.get("productName");
  if (typeof name !== "string") return null;
  const key = nameSortKey(name);
  return doc.get("nameKey") === key ? null : key;
}

/**
 * The priceCents a document should hold, or null when it holds it already or
 * its productPrize reads as no price (that document is no product the shop
 * shows: mapping.ts skips it, with a warning).
 */
function priceKeyFor(doc: QueryDocumentSnapshot): number | null {
  const cents = centsOfDollars(doc.get("productPrize"));
  if (cents === null || doc.get("priceCents") === cents) return null;
  return cents;
}

/**
 * The Timestamp a document's createdAt should be, or null when it has one:
 * the time mapping.ts already shows for it (epoch milliseconds as they say,
 * otherwise the document's creation time), so the shop's order stays.
 */
function stampFor(doc: QueryDocumentSnapshot): Timestamp | null {
  const value: unknown = doc.get("createdAt");
  if (value instanceof Timestamp) return null;
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return Timestamp.fromMillis(value);
  return doc.createTime;
}

/** Attempts at one page of a backfill: a product edited or deleted between its read and the write makes the page read again. */
const PAGE_ATTEMPTS = 3;
