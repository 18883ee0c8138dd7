/**
 * A type's listing narrowed by the shopper's filters on SQLite
 * (CatalogPages.listFilteredProducts, countFilteredProducts): one statement
 * per shape, the in-stock flag (in_stock, kept by every stock write that
 * crosses zero: orders.ts) and the price range in its WHERE, the order of
 * ../rules/catalog-order.ts filteredOrder; a page is an OFFSET, a count
 * COUNT(*).
 */
import type { Database, Statement } from "better-sqlite3";
import { hasPriceRange, type CatalogFilter } from "../contract/catalog-filters";
import type { CatalogPages } from "../contract/catalog-store";
import type { CatalogSort } from "../contract/catalog";
import type { SqliteContext } from "./context";
import { toProduct, type ProductRow } from "./rows";

/** The ORDER BY of each sort's first key (then, per filteredOrder, price with a range, then id). */
const SORT_COLUMN: Record<CatalogSort, string> = {
  newest: "created_at DESC",
  "price-asc": "price_cents ASC",
  "price-desc": "price_cents DESC",
  "name-asc": "name_key ASC",
};

/**
 * A filtered listing's WHERE and ORDER BY (../rules/catalog-order.ts
 * filteredOrder). "In stock only" reads products_by_type_stock_* (migration
 * 20) in the sort's order, a range with a sort by price is a range of the
 * price index; a range beside another order is SQLite's choice: the range
 * off the price index, its rows sorted, or the order's index with the range
 * checked on each entry (tests/sqlite-migrations.test.ts, bench/).
 */
export function filteredSql(sort: CatalogSort, filter: CatalogFilter) {
  const where = [
    "type = @type",
    ...(filter.inStockOnly ? ["in_stock = 1"] : []),
    ...(filter.minCents === null ? [] : ["price_cents >= @min"]),
    ...(filter.maxCents === null ? [] : ["price_cents <= @max"]),
  ].join(" AND ");
  const byPrice = sort === "price-asc" || sort === "price-desc";
  const order = [SORT_COLUMN[sort], ...(hasPriceRange(filter) && !byPrice ? ["price_cents ASC"] : []), "id ASC"].join(", ");
  return { where, order };
}

type FilteredArgs = { type: string; limit: number; offset: number; min?: number; max?: number };

export function sqliteFilteredPages(
  db: Database,
  run: SqliteContext["run"],
): Pick<CatalogPages, "listFilteredProducts" | "countFilteredProducts"> {
  /** Prepared once per shape (sort × which filters), on first use. */
  const filtered = new Map<string, { page: Statement<[FilteredArgs], ProductRow>; count: Statement<[FilteredArgs], { n: number }> }>();
  const filteredStatements = (sort: CatalogSort, filter: CatalogFilter) => {
    const shape = [sort, filter.inStockOnly, filter.minCents === null, filter.maxCents === null].join();
    let statements = filtered.get(shape);
    if (statements === undefined) {
      const { where, order } = filteredSql(sort, filter);
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
    listFilteredProducts: ({ type, sort, filter, position, limit }) =>
      run(() =>
        filteredStatements(sort, filter)
          .page.all(filteredArgs(type, filter, limit, position))
          .map(toProduct),
      ),

    countFilteredProducts: ({ type, filter }) => run(() => filteredStatements("newest", filter).count.get(filteredArgs(type, filter))!.n),
  };
}
