/**
 * The catalogue's changes on SQLite: catalog_version (the version) and
 * catalog_changes (what each write changed, the newest kept), written by
 * `record` inside the products write's own transaction.
 */
import type Database from "better-sqlite3";
import { RECENT_CATALOG_CHANGES, changesSince, parseCatalogChange, type CatalogChangeFacts } from "../rules/catalog-changes";
import type { CatalogChange, CatalogChanges } from "../contract/catalog";

interface ChangeRow {
  version: number;
  products: string | null;
  types: string;
  listed: number;
}

export interface SqliteCatalogRecord {
  /** The version now: one single-row read. */
  version(): number;
  /** Raises the version and records what changed; call inside the write's transaction. */
  record(facts: CatalogChangeFacts): number;
  /** What changed after `since`. */
  since(since: number): CatalogChanges;
}

export function sqliteCatalogRecord(db: Database.Database): SqliteCatalogRecord {
  const sql = {
    version: db.prepare<[], { version: number }>("SELECT version FROM catalog_version WHERE id = 1"),
    raise: db.prepare<[], { version: number }>("UPDATE catalog_version SET version = version + 1 WHERE id = 1 RETURNING version"),
    insert: db.prepare("INSERT INTO catalog_changes (version, products, types, listed) VALUES (@version, @products, @types, @listed)"),
    prune: db.prepare<[number]>("DELETE FROM catalog_changes WHERE version <= ?"),
    after: db.prepare<[number], ChangeRow>("SELECT * FROM catalog_changes WHERE version > ? ORDER BY version"),
  };
  const version = () => sql.version.get()?.version ?? 0;
  const toChange = (row: ChangeRow): CatalogChange | null =>
    parseCatalogChange({
      version: row.version,
      products: row.products === null ? null : JSON.parse(row.products),
      types: JSON.parse(row.types),
      listed: row.listed === 1,
    });
  return {
    version,
    record(facts) {
      const raised = sql.raise.get()!.version;
      sql.insert.run({
        version: raised,
        products: facts.products === null ? null : JSON.stringify(facts.products),
        types: JSON.stringify(facts.types),
        listed: facts.listed ? 1 : 0,
      });
      sql.prune.run(raised - RECENT_CATALOG_CHANGES);
      return raised;
    },
    since(since) {
      const kept = sql.after
        .all(since)
        .map(toChange)
        .filter((c): c is CatalogChange => c !== null);
      return changesSince(kept, since, version());
    },
  };
}
