/**
 * The operator's shipping zones on SQLite (../contract/shipping.ts): one row
 * of `settings` (key "shipping", its migration in later-migrations.ts), the
 * zones as JSON with their revision. No row yet: the defaults at revision 0.
 * A save is one IMMEDIATE transaction comparing the revision under the write
 * lock, so of two saves from the same revision one is refused.
 */
import type Database from "better-sqlite3";
import { StoreError } from "../contract/errors";
import { DEFAULT_SHIPPING_ZONES, type ShippingRates, type ShippingStore, type ShippingZone } from "../contract/shipping";
import type { SqliteContext } from "./context";

const KEY = "shipping";

interface SettingRow {
  value: string;
  revision: number;
}

/** Reads the zones as they stand; inside a transaction (a placement's), as that transaction sees them. */
export function shippingReader(db: Database.Database): () => ShippingRates {
  const read = db.prepare<[string], SettingRow>("SELECT value, revision FROM settings WHERE key = ?");
  return () => {
    const row = read.get(KEY);
    return row
      ? { zones: JSON.parse(row.value) as ShippingZone[], revision: row.revision }
      : { zones: [...DEFAULT_SHIPPING_ZONES], revision: 0 };
  };
}

export function sqliteShipping({ db, run }: SqliteContext): ShippingStore {
  const read = shippingReader(db);
  const write = db.prepare(
    `INSERT INTO settings (key, value, revision, updated_by, updated_at) VALUES (@key, @value, @revision, @by, @at)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, revision = excluded.revision,
       updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
  );
  const saveTx = db.transaction((zones: ShippingZone[], expected: number, by: string): ShippingRates => {
    const current = read();
    if (current.revision !== expected) {
      throw new StoreError("conflict", `The shipping zones changed since revision ${expected} (now ${current.revision})`, {
        revision: String(current.revision),
      });
    }
    const revision = expected + 1;
    write.run({ key: KEY, value: JSON.stringify(zones), revision, by, at: Date.now() });
    return { zones, revision };
  });
  return {
    getShippingZones: () => run(read),
    setShippingZones: (zones, expected, by) => run(() => saveTx.immediate(zones, expected, by)),
  };
}
