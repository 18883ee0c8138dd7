/**
 * A type's listing narrowed by the shopper's filters on SQLite
 * (CatalogPages.listFilteredProducts, countFilteredProducts): one statement
 * per shape, the in-stock flag (in_stock, kept by every stock write that
 * crosses zero: orders.ts) and the price range in its WHERE, the order of
 * ../rules/catalog-order.ts filteredOrder; a page starts after a cursor of
 * the page before (its order's keys compared in the WHERE, on the same
 * index) and at an OFFSET past it; a count is COUNT(*).
 */
import type { Database, Statement } from "better-sqlite3";
import { hasPriceRange, type CatalogFilter } from "../contract/catalog-filters";
import type { CatalogPages } from "../contract/catalog-store";
import type { CatalogSort } from "../contract/catalog";
import { decodePageCursor, encodePageCursor } from "../rules/page-cursor";
import type { SqliteContext } from "./context";
import { toProduct, type ProductRow } from "./rows";

/** Each sort's first key and its direction (then, per filteredOrder, price with a range, then id). */
const SORT_COLUMN: Record<CatalogSort, OrderKey> = {
  newest: ["created_at", "DESC"],
  "price-asc": ["price_cents", "ASC"],
  "price-desc": ["price_cents", "DESC"],
  "name-asc": ["name_key", "ASC"],
};

type OrderKey = [column: "created_at" | "price_cents" | "name_key", direction: "ASC" | "DESC"];

/** The columns a filtered listing orders by before id (../rules/catalog-order.ts filteredOrder). */
function orderKeys(sort: CatalogSort, filter: CatalogFilter): OrderKey[] {
  const byPrice = sort === "price-asc" || sort === "price-desc";
  return [SORT_COLUMN[sort], ...(hasPriceRange(filter) && !byPrice ? [["price_cents", "ASC"] as OrderKey] : [])];
}

/**
 * A filtered listing's WHERE and ORDER BY (../rules/catalog-order.ts
 * filteredOrder). "In stock only" reads products_by_type_stock_* (migration
 * 20) in the sort's order, a range with a sort by price is a range of the
 * price index; a range beside another order is SQLite's choice: the range
 * off the price index, its rows sorted, or the order's index with the range
 * checked on each entry (tests/sqlite-migrations.test.ts, bench/). `after`:
 * only the rows past a cursor's keys (@k0, @k1, @id) in that order.
 */
export function filteredSql(sort: CatalogSort, filter: CatalogFilter, after = false) {
  const keys = orderKeys(sort, filter);
  const where = [
    "type = @type",
    ...(filter.inStockOnly ? ["in_stock = 1"] : []),
    ...(filter.minCents === null ? [] : ["price_cents >= @min"]),
    ...(filter.maxCents === null ? [] : ["price_cents <= @max"]),
    ...(after ? [pastKeys(keys)] : []),
  ].join(" AND ");
  const order = [...keys.map(([column, direction]) => `${column} ${direction}`), "id ASC"].join(", ");
  return { where, order };
}

/**
 * Rows after (@k0, @k1, ..., @id) in the order `keys`, then id ascending:
 * each key's direction says which side is after. The first key's inclusive
 * bound, implied by the rest, is written out so SQLite seeks the index to it
 * rather than reading the entries before it.
 */
function pastKeys(keys: OrderKey[]): string {
  const past = keys.reduceRight(
    (rest, [column, direction], i) => `(${column} ${direction === "ASC" ? ">" : "<"} @k${i} OR (${column} = @k${i} AND ${rest}))`,
    "id > @id",
  );
  const [column, direction] = keys[0];
  return `${column} ${direction === "ASC" ? ">=" : "<="} @k0 AND ${past}`;
}

/** A filtered page's cursor: its sort and whether a price range orders it (a cursor is refused by another shape), the last row's keys and id. */
type FilteredPosition = [sort: CatalogSort, ranged: boolean, keys: Array<number | string>, id: string];

const isFilteredPosition =
  (sort: CatalogSort, filter: CatalogFilter) =>
  (parts: unknown[]): parts is FilteredPosition => {
    const keys = orderKeys(sort, filter);
    const values = parts[2];
    return (
      parts.length === 4 &&
      parts[0] === sort &&
      parts[1] === hasPriceRange(filter) &&
      Array.isArray(values) &&
      values.length === keys.length &&
      keys.every(([column], i) => (column === "name_key" ? typeof values[i] === "string" : Number.isSafeInteger(values[i]))) &&
      typeof parts[3] === "string" &&
      parts[3].length > 0
    );
  };

type FilteredArgs = { type: string; limit: number; offset: number; min?: number; max?: number; id?: string } & Record<
  `k${number}`,
  number | string
>;

export function sqliteFilteredPages(
  db: Database,
  run: SqliteContext["run"],
): Pick<CatalogPages, "listFilteredProducts" | "countFilteredProducts"> {
  /** Prepared once per shape (sort × which filters × whether after a cursor), on first use. */
  const filtered = new Map<string, { page: Statement<[FilteredArgs], ProductRow>; count: Statement<[FilteredArgs], { n: number }> }>();
  const filteredStatements = (sort: CatalogSort, filter: CatalogFilter, after = false) => {
    const shape = [sort, filter.inStockOnly, filter.minCents === null, filter.maxCents === null, after].join();
    let statements = filtered.get(shape);
    if (statements === undefined) {
      const { where, order } = filteredSql(sort, filter, after);
      statements = {
        page: db.prepare(`SELECT * FROM products WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`),
        count: db.prepare(`SELECT COUNT(*) AS n FROM products WHERE ${where}`),
      };
      filtered.set(shape, statements);
    }
    return statements;
  };
  const filteredArgs = (type: string, filter: CatalogFilter, limit = 0, offset = 0): FilteredArgs => ({
    type,
    limit,
    offset,
    ...(filter.minCents === null ? {} : { min: filter.minCents }),
    ...(filter.maxCents === null ? {} : { max: filter.maxCents }),
  });

  return {
    listFilteredProducts: ({ type, sort, filter, after, position, limit }) =>
      run(() => {
        const args = filteredArgs(type, filter, limit + 1, position);
        if (after !== null) {
          const [, , keys, id] = decodePageCursor(after, isFilteredPosition(sort, filter));
          keys.forEach((key, i) => (args[`k${i}`] = key));
          args.id = id;
        }
        // One row more says whether another page follows.
        const rows = filteredStatements(sort, filter, after !== null).page.all(args);
        const shown = rows.slice(0, limit);
        const last = shown.at(-1);
        const cursor: FilteredPosition | null =
          rows.length > limit && last !== undefined
            ? [sort, hasPriceRange(filter), orderKeys(sort, filter).map(([column]) => last[column]), last.id]
            : null;
        return { products: shown.map(toProduct), next: cursor === null ? null : encodePageCursor(cursor) };
      }),

    countFilteredProducts: ({ type, filter }) => run(() => filteredStatements("newest", filter).count.get(filteredArgs(type, filter))!.n),
  };
}
