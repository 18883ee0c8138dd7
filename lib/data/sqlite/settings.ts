/**
 * One operator setting on SQLite: a row of `settings` (migration 12 in
 * later-migrations.ts) by key — "shipping" (the zones), "payments" (the pay
 * on delivery switch) — its value as JSON, with its revision and who saved
 * it when. No row yet: the setting's default at revision 0. A save is one
 * IMMEDIATE transaction comparing the revision under the write lock, so of
 * two saves from the same revision one is refused.
 */
import type Database from "better-sqlite3";
import { StoreError } from "../contract/errors";
import type { SqliteContext } from "./context";

export interface Revised<T> {
  value: T;
  revision: number;
}

export interface Setting<T> {
  key: string;
  /** The value before the first save. */
  fallback: () => T;
  /** What the setting is, in a conflict's words ("The shipping zones"). */
  what: string;
}

interface SettingRow {
  value: string;
  revision: number;
}

/** Reads the setting as it stands; inside a transaction (a placement's), as that transaction sees it. */
export function settingReader<T>(db: Database.Database, setting: Setting<T>): () => Revised<T> {
  const read = db.prepare<[string], SettingRow>("SELECT value, revision FROM settings WHERE key = ?");
  return () => {
    const row = read.get(setting.key);
    return row ? { value: JSON.parse(row.value) as T, revision: row.revision } : { value: setting.fallback(), revision: 0 };
  };
}

/** The setting's read and its save from an expected revision. */
export function sqliteSetting<T>({ db, run }: SqliteContext, setting: Setting<T>) {
  const read = settingReader(db, setting);
  const write = db.prepare(
    `INSERT INTO settings (key, value, revision, updated_by, updated_at) VALUES (@key, @value, @revision, @by, @at)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, revision = excluded.revision,
       updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
  );
  const saveTx = db.transaction((value: T, expected: number, by: string): Revised<T> => {
    const current = read();
    if (current.revision !== expected) {
      throw new StoreError("conflict", `${setting.what} changed since revision ${expected} (now ${current.revision})`, {
        revision: String(current.revision),
      });
    }
    const revision = expected + 1;
    write.run({ key: setting.key, value: JSON.stringify(value), revision, by, at: Date.now() });
    return { value, revision };
  });
  return {
    get: () => run(read),
    set: (value: T, expected: number, by: string) => run(() => saveTx.immediate(value, expected, by)),
  };
}
