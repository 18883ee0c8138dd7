/**
 * What every SQLite concern (catalogue, carts, users, sessions) shares: the
 * one connection, opened in WAL mode with its migrations applied, and `run`,
 * which gives each method the contract's asynchronous, typed-error shape.
 */
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Clock, StoreOptions } from "../contract/store";
import { StoreError } from "../contract/errors";
import { storeLifecycle } from "../lifecycle";
import { migrate } from "./migrations";

export interface SqliteContext {
  readonly db: Database.Database;
  /** The clock carts run on (StoreOptions.cartClock). */
  readonly cartClock: Clock;
  /**
   * Runs `body` as one store call: refused once the store is closed; a
   * synchronous throw becomes a rejected promise, as on Firestore; our own
   * StoreErrors pass; anything SQLite throws (SQLITE_BUSY once busy_timeout is
   * spent, a full disk, an I/O error) is unavailable, with the original as cause.
   */
  run<T>(body: () => T): Promise<T>;
  /** Registers what close() releases before the connection itself (feeds, watchers). */
  onClose(release: () => void): void;
  close(): void;
}

export function openSqliteContext(path: string, { cartClock = Date.now }: StoreOptions = {}): SqliteContext {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  // FULL: a commit is fsynced before it is acknowledged, so an acknowledged
  // cart write survives even a power cut, not only a killed process.
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  migrate(db);

  const life = storeLifecycle();
  return {
    db,
    cartClock,
    run: async (body) => {
      life.ensureOpen();
      try {
        return body();
      } catch (error) {
        if (error instanceof StoreError) throw error;
        throw new StoreError("unavailable", `SQLite failed (${(error as Error).message})`, {}, { cause: error });
      }
    },
    onClose: life.onClose,
    close: () => void life.close(() => db.close()),
  };
}
