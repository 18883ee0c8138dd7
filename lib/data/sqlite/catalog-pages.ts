/**
 * The catalogue in pages on SQLite: keyset pages on the indexes
 * products_by_newest (created_at DESC, id) and products_by_type_newest
 * (type, created_at DESC, id) of migration 1, so a page reads its own rows
 * only; counts are COUNT(*) on the same indexes. created_at and price_cents
 * are NOT NULL here, so the upkeep of sort keys has nothing to do
 * (Firestore's has). "More like this" reads products_by_type_price.
 */
import { nearestInPrice, nearestSideLimit } from "../rules/nearest-in-price";
import { decodePageCursor, encodePageCursor, isTimeIdPosition, type TimeIdPosition } from "../rules/page-cursor";
import type { CatalogPages, CatalogUpkeep, ProductPage } from "../contract/catalog-store";
import type { Product } from "../contract/catalog";
import type { SqliteContext } from "./context";
import { toProduct, type ProductRow } from "./rows";

const ORDER = "ORDER BY created_at DESC, id ASC";
// After (createdAt, id) in the order: older, or as old with a greater id.
const AFTER = "(created_at < @at OR (created_at = @at AND id > @id))";

export function sqliteCatalogPages({ db, run }: SqliteContext): CatalogPages & CatalogUpkeep {
  type Args = { at?: number; id?: string; type?: string; limit: number; offset?: number };
  const sql = {
    first: db.prepare<[Args], ProductRow>(`SELECT * FROM products ${ORDER} LIMIT @limit`),
    after: db.prepare<[Args], ProductRow>(`SELECT * FROM products WHERE ${AFTER} ${ORDER} LIMIT @limit`),
    firstOfType: db.prepare<[Args], ProductRow>(`SELECT * FROM products WHERE type = @type ${ORDER} LIMIT @limit`),
    afterOfType: db.prepare<[Args], ProductRow>(`SELECT * FROM products WHERE type = @type AND ${AFTER} ${ORDER} LIMIT @limit`),
    at: db.prepare<[Args], ProductRow>(`SELECT * FROM products ${ORDER} LIMIT @limit OFFSET @offset`),
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

  /** One row more than the page tells whether another page follows. */
  const pageOf = (rows: ProductRow[], limit: number): ProductPage => {
    const products: Product[] = rows.slice(0, limit).map(toProduct);
    const last = products.at(-1);
    return { products, next: rows.length > limit && last ? encodePageCursor([last.createdAt, last.id] satisfies TimeIdPosition) : null };
  };

  return {
    listProductsPage: ({ type, limit, after, final = false }) =>
      run(() => {
        const position = after === null ? null : decodePageCursor(after, isTimeIdPosition);
        const n = final ? limit : limit + 1;
        let rows: ProductRow[];
        if (position === null) rows = type ? sql.firstOfType.all({ type, limit: n }) : sql.first.all({ limit: n });
        else {
          const [at, id] = position;
          rows = type ? sql.afterOfType.all({ type, at, id, limit: n }) : sql.after.all({ at, id, limit: n });
        }
        return pageOf(rows, limit);
      }),

    listProductsPageAt: (position, limit) => run(() => pageOf(sql.at.all({ limit: limit + 1, offset: position }), limit)),

    countProducts: (type) => run(() => (type ? sql.countOfType.get(type)! : sql.count.get()!).n),

    listNearestInPrice: (around, limit) =>
      run(() => {
        const args = { type: around.type, price: around.priceCents, limit: nearestSideLimit(limit) };
        return nearestInPrice(around, sql.atOrAbove.all(args).map(toProduct), sql.below.all(args).map(toProduct), limit);
      }),

    countProductsWithoutCreatedAt: () => run(() => 0),

    countProductsWithoutPriceKey: () => run(() => 0),

    // created_at and price_cents are NOT NULL: every row has both. Counted, to say what was scanned.
    backfillSortKeys: () => run(() => ({ scanned: sql.count.get()!.n, updated: 0 })),
  };
}
