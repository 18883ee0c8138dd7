/**
 * Search on SQLite: each product's keys (search-keys.ts) as rows of
 * product_search_keys (migration 6), rewritten inside the transaction that
 * writes the product, and candidate queries by key, newest first, ranked by
 * the shared search-rank.ts. A product deleted takes its keys with it (ON
 * DELETE CASCADE).
 */
import type Database from "better-sqlite3";
import { runSearchSync, type CandidateQuery } from "../search-rank";
import { productSearchKeys, SEARCH_KEYS_VERSION } from "../search-keys";
import type { Product, ProductType } from "../types";
import { toProduct, type ProductRow } from "./rows";

/** Products below the current keys version rewritten per transaction when the adapter opens. */
const REFRESH_BATCH = 500;

export interface SqliteCatalogSearch {
  /** Replaces a product's keys; call inside the transaction that writes the product. */
  writeKeys(product: { id: string; name: string; details: string }): void;
  search(query: string, options: { type: ProductType | null; limit: number }): Product[];
}

/** A candidate query (search-rank.ts) on SQLite: the newest products holding any of the keys. */
export function sqliteCandidates(db: Database.Database): (request: CandidateQuery) => Product[] {
  // The keys arrive as one JSON array: one statement whatever their number.
  const statement = db.prepare<[string, string | null, string | null, number], ProductRow>(
    `SELECT * FROM products
     WHERE id IN (SELECT product_id FROM product_search_keys WHERE key IN (SELECT value FROM json_each(?)))
       AND (? IS NULL OR type = ?)
     ORDER BY created_at DESC, id ASC LIMIT ?`,
  );
  return ({ keys, type, max }) => statement.all(JSON.stringify(keys), type, type, max).map(toProduct);
}

export function sqliteCatalogSearch(db: Database.Database): SqliteCatalogSearch {
  const sql = {
    deleteKeys: db.prepare("DELETE FROM product_search_keys WHERE product_id = ?"),
    insertKey: db.prepare("INSERT INTO product_search_keys (key, product_id) VALUES (?, ?)"),
    markVersion: db.prepare("UPDATE products SET search_keys_version = ? WHERE id = ?"),
    stale: db.prepare<[number, number], Pick<ProductRow, "id" | "name" | "details">>(
      "SELECT id, name, details FROM products WHERE search_keys_version < ? LIMIT ?",
    ),
  };
  const candidates = sqliteCandidates(db);

  const writeKeys = ({ id, name, details }: { id: string; name: string; details: string }): void => {
    sql.deleteKeys.run(id);
    for (const key of productSearchKeys({ name, details })) sql.insertKey.run(key, id);
    sql.markVersion.run(SEARCH_KEYS_VERSION, id);
  };

  // Products written before search keys existed (or under an older version of
  // them) get theirs now, a batch per transaction; later opens find none.
  const refreshBatch = db.transaction(() => {
    const rows = sql.stale.all(SEARCH_KEYS_VERSION, REFRESH_BATCH);
    rows.forEach(writeKeys);
    return rows.length;
  });
  while (refreshBatch.immediate() === REFRESH_BATCH);

  return {
    writeKeys,
    search: (query, options) => runSearchSync(query, options, candidates),
  };
}
