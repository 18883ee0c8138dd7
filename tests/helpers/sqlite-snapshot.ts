import Database from "better-sqlite3";

/**
 * Every row of every table in a SQLite file, as sorted JSON lines per table:
 * two snapshots are equal exactly when nothing was written in between (rows
 * added, changed or removed anywhere). Opened read-only beside the store's
 * own connection (WAL lets both in).
 */
export function snapshotSqlite(path: string): Record<string, string[]> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[];
    const snapshot: Record<string, string[]> = {};
    for (const table of tables) {
      const rows = db.prepare(`SELECT * FROM "${table}"`).all();
      snapshot[table] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return snapshot;
  } finally {
    db.close();
  }
}
