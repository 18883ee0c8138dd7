/**
 * The catalogue in pages on SQLite: keyset pages on the indexes
 * products_by_newest (created_at DESC, id) and products_by_type_newest
 * (type, created_at DESC, id) of migration 1, and a type's other orders on
 * products_by_type_price, products_by_type_price_down (migration 18) and
 * products_by_type_name (19), so a page reads its own rows only; counts are
 * COUNT(*) on the same indexes. created_at, price_cents and name_key are
 * NOT NULL here and set by every write (migration 19 set the older rows'
 * name keys), so the upkeep of sort keys has nothing to do (Firestore's has).
 */
import { nearestInPrice, nearestSideLimit } from "../rules/nearest-in-price";
import {
  decodePageCursor,
  encodePageCursor,
  isKeyedPosition,
  isTimeIdPosition,
  SORT_KEYS,
  type KeyedPosition,
  type KeyedSort,
  type TimeIdPosition,
} from "../rules/page-cursor";
import type { CatalogPages, CatalogUpkeep, ProductPage } from "../contract/catalog-store";
import type { CatalogSort, Product } from "../contract/catalog";
import type { Database } from "better-sqlite3";
import { sqliteFilteredPages } from "./catalog-filters";
import type { SqliteContext } from "./context";
import { toProduct, type ProductRow } from "./rows";

const ORDER = "ORDER BY created_at DESC, id ASC";
// After (createdAt, id) in the order: older, or as old with a greater id.
const AFTER = "(created_at < @at OR (created_at = @at AND id > @id))";

/** The column that holds each sort key (NOT NULL, set by every write). */
const COLUMN = { price: "price_cents", name: "name_key" } as const;

/** A keyed sort's column, ORDER BY, and "after (@key, @id)" in a form its index (asc or desc, then id) ranges over. */
function keyedSql(sort: KeyedSort) {
  const { key, direction } = SORT_KEYS[sort];
  const column = COLUMN[key];
  return {
    column,
    order: `ORDER BY ${column} ${direction.toUpperCase()}, id ASC`,
    after: direction === "asc" ? `(${column}, id) > (@key, @id)` : `${column} <= @key AND (${column} < @key OR id > @id)`,
  };
}

type Args = { at?: number; key?: number | string; id?: string; type?: string; limit: number; offset?: number };

/** A keyed sort's first page and the pages after a position, of one type. */
function keyedStatements(db: Database, sort: KeyedSort) {
  const { column, order, after } = keyedSql(sort);
  return {
    column,
    first: db.prepare<[Args], ProductRow>(`SELECT * FROM products WHERE type = @type ${order} LIMIT @limit`),
    after: db.prepare<[Args], ProductRow>(`SELECT * FROM products WHERE type = @type AND ${after} ${order} LIMIT @limit`),
    at: db.prepare<[Args], ProductRow>(`SELECT * FROM products WHERE type = @type ${order} LIMIT @limit OFFSET @offset`),
  };
}

export function sqliteCatalogPages({ db, run }: SqliteContext): CatalogPages & CatalogUpkeep {
  const sql = {
    first: db.prepare<[Args], ProductRow>(`SELECT * FROM products ${ORDER} LIMIT @limit`),
    after: db.prepare<[Args], ProductRow>(`SELECT * FROM products WHERE ${AFTER} ${ORDER} LIMIT @limit`),
    firstOfType: db.prepare<[Args], ProductRow>(`SELECT * FROM products WHERE type = @type ${ORDER} LIMIT @limit`),
    afterOfType: db.prepare<[Args], ProductRow>(`SELECT * FROM products WHERE type = @type AND ${AFTER} ${ORDER} LIMIT @limit`),
    at: db.prepare<[Args], ProductRow>(`SELECT * FROM products ${ORDER} LIMIT @limit OFFSET @offset`),
    atOfType: db.prepare<[Args], ProductRow>(`SELECT * FROM products WHERE type = @type ${ORDER} LIMIT @limit OFFSET @offset`),
    count: db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM products"),
    countOfType: db.prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM products WHERE type = ?"),
    // On products_by_type_price and products_by_type_price_down (migration 18), each side in the order nearest-in-price.ts reads it.
    atOrAbove: db.prepare<[Args & { price: number }], ProductRow>(
      "SELECT * FROM products WHERE type = @type AND price_cents >= @price ORDER BY price_cents ASC, id ASC LIMIT @limit",
    ),
    below: db.prepare<[Args & { price: number }], ProductRow>(
      "SELECT * FROM products WHERE type = @type AND price_cents < @price ORDER BY price_cents DESC, id ASC LIMIT @limit",
    ),
  };
  const keyed = Object.fromEntries((Object.keys(SORT_KEYS) as KeyedSort[]).map((sort) => [sort, keyedStatements(db, sort)])) as Record<
    KeyedSort,
    ReturnType<typeof keyedStatements>
  >;

  /** One row more than the page tells whether another page follows; the cursor is the last shown row's position in `sort`. */
  const pageOf = (rows: ProductRow[], limit: number, sort: CatalogSort = "newest"): ProductPage => {
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    const products: Product[] = shown.map(toProduct);
    if (rows.length <= limit || !last) return { products, next: null };
    const position: TimeIdPosition | KeyedPosition =
      sort === "newest" ? [last.created_at, last.id] : [sort, last[keyed[sort].column], last.id];
    return { products, next: encodePageCursor(position) };
  };

  return {
    ...sqliteFilteredPages(db, run),

    listProductsPage: ({ type, sort, limit, after, final = false }) =>
      run(() => {
        const n = final ? limit : limit + 1;
        if (sort !== "newest" && type !== null) {
          // A type's other orders (the schema refuses them without a type).
          if (after === null) return pageOf(keyed[sort].first.all({ type, limit: n }), limit, sort);
          const [, key, id] = decodePageCursor(after, isKeyedPosition(sort));
          return pageOf(keyed[sort].after.all({ type, key, id, limit: n }), limit, sort);
        }
        const position = after === null ? null : decodePageCursor(after, isTimeIdPosition);
        let rows: ProductRow[];
        if (position === null) rows = type ? sql.firstOfType.all({ type, limit: n }) : sql.first.all({ limit: n });
        else {
          const [at, id] = position;
          rows = type ? sql.afterOfType.all({ type, at, id, limit: n }) : sql.after.all({ at, id, limit: n });
        }
        return pageOf(rows, limit);
      }),

    // An OFFSET walks the skipped index entries (no row is read for them).
    listProductsPageAt: ({ type, sort, position, limit }) =>
      run(() => {
        const args = { type: type ?? undefined, limit: limit + 1, offset: position };
        if (sort !== "newest" && type !== null) return pageOf(keyed[sort].at.all(args), limit, sort);
        return pageOf(type ? sql.atOfType.all(args) : sql.at.all(args), limit);
      }),

    countProducts: (type) => run(() => (type ? sql.countOfType.get(type)! : sql.count.get()!).n),

    listNearestInPrice: (around, limit) =>
      run(() => {
        const args = { type: around.type, price: around.priceCents, limit: nearestSideLimit(limit) };
        return nearestInPrice(around, sql.atOrAbove.all(args).map(toProduct), sql.below.all(args).map(toProduct), limit);
      }),

    ...sqliteUpkeep(run, () => sql.count.get()!.n),
  };
}

/**
 * created_at, price_cents, name_key and in_stock are NOT NULL and set by
 * every write (in_stock by every stock write that crosses zero, migration 20
 * set the older rows'): the upkeep finds nothing to do, and counts what it
 * would scan.
 */
function sqliteUpkeep(run: SqliteContext["run"], countAll: () => number): CatalogUpkeep {
  return {
    countProductsWithoutCreatedAt: () => run(() => 0),
    countProductsWithoutPriceKey: () => run(() => 0),
    countProductsWithoutNameKey: () => run(() => 0),
    countProductsWithoutStockFlag: () => run(() => 0),
    backfillSortKeys: () => run(() => ({ scanned: countAll(), updated: 0 })),
  };
}
