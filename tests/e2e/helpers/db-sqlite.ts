/**
 * Reads of the SQLite pass's database files, opened read-only. Specs reach
 * them through helpers/db.ts, which picks this or db-firestore.ts.
 */
import Database from "better-sqlite3";
import { join } from "node:path";
import type { CartLine, ProductRow, UserRow } from "./db-rows";

/** The suite's SQLite file (scripts/e2e.mjs gives every run a fresh data folder). */
export function dbPath(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run through `npm run test:e2e`");
  return join(dir, "storefront.db");
}

/** Runs one read against the shop's database (or another SQLite file), opened read-only (the server keeps writing in WAL mode). */
function read<T>(fn: (db: Database.Database) => T, path: string = dbPath()): T {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Every user/{uid} row with this email. */
export function usersByEmail(email: string): UserRow[] {
  return read((db) => db.prepare("SELECT uid, display_name, email, created_at FROM users WHERE email = ?").all(email) as UserRow[]);
}

export function userCount(): number {
  return read((db) => (db.prepare("SELECT COUNT(*) AS n FROM users").get() as { n: number }).n);
}

export function productsNamed(name: string): ProductRow[] {
  return read((db) => db.prepare("SELECT id, name, type, price_cents FROM products WHERE name = ?").all(name) as ProductRow[]);
}

export function productCount(): number {
  return read((db) => (db.prepare("SELECT COUNT(*) AS n FROM products").get() as { n: number }).n);
}

/** Every cart line in the SQLite file at `path` (the suite's, or another shop's: helpers/shop-process.ts). */
export function cartLinesAt(path: string = dbPath()): CartLine[] {
  return read(
    (db) => db.prepare("SELECT owner, product_id AS productId, quantity FROM cart_items ORDER BY owner, product_id").all() as CartLine[],
    path,
  );
}

/** SQLite's own consistency check of the file at `path`: "ok" when sound, otherwise the problems it found. */
export function integrityCheckAt(path: string): string {
  return read((db) => String(db.pragma("integrity_check", { simple: true })), path);
}

/** How many session revocations have not expired yet (Sign Out writes one). */
export function liveRevocationCount(): number {
  return read((db) => (db.prepare("SELECT COUNT(*) AS n FROM revoked_sessions WHERE expires_at > ?").get(Date.now()) as { n: number }).n);
}

/** The ids of every product, sorted. */
export function productIds(): string[] {
  return read((db) => db.prepare("SELECT id FROM products ORDER BY id").pluck().all() as string[]);
}
