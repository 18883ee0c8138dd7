/**
 * Search on SQLite: each product's keys (search-keys.ts) as rows of
 * product_search_keys (migration 6), rewritten inside the transaction that
 * writes the product, and candidate queries by key, newest first, ranked by
 * the shared search-rank.ts. A product deleted takes its keys with it (ON
 * DELETE CASCADE).
 */
import type Database from "better-sqlite3";
import { runSearchSync, type CandidateQuery } from "../rules/search-rank";
import { productSearchKeys, SEARCH_KEYS_VERSION } from "../rules/search-keys";
import { byNewestThenId } from "../rules/catalog-order";
import type { Product, ProductType } from "../contract/catalog";
import { toProduct, type ProductRow } from "./rows";

/** Products below the current keys version rewritten per transaction when the adapter opens. */
const REFRESH_BATCH = 500;

/** What a product's key rows are made of. */
type KeyedFields = Pick<Product, "id" | "name" | "details" | "type" | "createdAt">;

interface SqliteCatalogSearch {
  /** Replaces a product's keys; call inside the transaction that writes the product. */
  writeKeys(product: KeyedFields): void;
  search(query: string, options: { type: ProductType | null; limit: number }): Product[];
}

/**
 * A candidate query (search-rank.ts) on SQLite: the newest products holding
 * any of the keys. Each key's newest `max` come from its own range of the
 * primary key (a bounded read, however common the key); the newest `max` of
 * their union are the answer, read by id.
 */
export function sqliteCandidates(db: Database.Database): (request: CandidateQuery) => Product[] {
  const newestOfKey = db.prepare<[string, string | null, string | null, number], { product_id: string; created_at: number }>(
    `SELECT product_id, created_at FROM product_search_keys
     WHERE key = ? AND (? IS NULL OR type = ?)
     ORDER BY created_at DESC, product_id ASC LIMIT ?`,
  );
  const products = db.prepare<[string], ProductRow>("SELECT * FROM products WHERE id IN (SELECT value FROM json_each(?))");
  return ({ keys, type, max }) => {
    const found = new Map<string, number>();
    for (const key of keys) {
      for (const row of newestOfKey.all(key, type, type, max)) found.set(row.product_id, row.created_at);
    }
    const ids = [...found]
      .sort(([a, at], [b, bt]) => bt - at || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, max)
      .map(([id]) => id);
    return products.all(JSON.stringify(ids)).map(toProduct).sort(byNewestThenId);
  };
}

export function sqliteCatalogSearch(db: Database.Database): SqliteCatalogSearch {
  const sql = {
    deleteKeys: db.prepare("DELETE FROM product_search_keys WHERE product_id = ?"),
    insertKey: db.prepare("INSERT INTO product_search_keys (key, created_at, product_id, type) VALUES (?, ?, ?, ?)"),
    markVersion: db.prepare("UPDATE products SET search_keys_version = ? WHERE id = ?"),
    stale: db.prepare<[number, number], Pick<ProductRow, "id" | "name" | "details" | "type" | "created_at">>(
      "SELECT id, name, details, type, created_at FROM products WHERE search_keys_version < ? LIMIT ?",
    ),
  };
  const candidates = sqliteCandidates(db);

  const writeKeys = (product: KeyedFields): void => {
    sql.deleteKeys.run(product.id);
    for (const key of productSearchKeys(product)) sql.insertKey.run(key, product.createdAt, product.id, product.type);
    sql.markVersion.run(SEARCH_KEYS_VERSION, product.id);
  };

  // Products written before search keys existed (or under an older version of
  // them) get theirs now, a batch per transaction; later opens find none.
  const refreshBatch = db.transaction(() => {
    const rows = sql.stale.all(SEARCH_KEYS_VERSION, REFRESH_BATCH);
    for (const row of rows)
      writeKeys({ id: row.id, name: row.name, details: row.details, type: row.type as ProductType, createdAt: row.created_at });
    return rows.length;
  });
  while (refreshBatch.immediate() === REFRESH_BATCH);

  return {
    writeKeys,
    search: (query, options) => runSearchSync(query, options, candidates),
  };
}
