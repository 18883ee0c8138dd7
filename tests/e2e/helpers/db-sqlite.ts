import Database from "better-sqlite3";
import { join } from "node:path";

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

export interface UserRow {
  uid: string;
  display_name: string;
  email: string;
  created_at: number;
}

/** Every user/{uid} row with this email. */
export function usersByEmail(email: string): UserRow[] {
  return read((db) => db.prepare("SELECT uid, display_name, email, created_at FROM users WHERE email = ?").all(email) as UserRow[]);
}

export function userCount(): number {
  return read((db) => (db.prepare("SELECT COUNT(*) AS n FROM users").get() as { n: number }).n);
}

export function productsNamed(name: string): Array<{ id: string; name: string; type: string; price_cents: number }> {
  return read((db) => db.prepare("SELECT id, name, type, price_cents FROM products WHERE name = ?").all(name) as never);
}

export function productCount(): number {
  return read((db) => (db.prepare("SELECT COUNT(*) AS n FROM products").get() as { n: number }).n);
}

// Readers of another shop's SQLite file, for specs that run their own server (helpers/shop-process.ts).

export interface CartLine {
  owner: string;
  productId: string;
  quantity: number;
}

/** Every cart line in the SQLite file at `path`. */
export function cartLinesAt(path: string): CartLine[] {
  return read(
    (db) => db.prepare("SELECT owner, product_id AS productId, quantity FROM cart_items ORDER BY owner, product_id").all() as CartLine[],
    path,
  );
}

/** SQLite's own consistency check of the file at `path`: "ok" when sound, otherwise the problems it found. */
export function integrityCheckAt(path: string): string {
  return read((db) => String(db.pragma("integrity_check", { simple: true })), path);
}

export interface CartLineRow {
  owner: string;
  product_id: string;
  quantity: number;
}

/** Every cart line of every owner (fuzzers check none is invalid). */
export function allCartLines(): CartLineRow[] {
  return read((db) => db.prepare("SELECT owner, product_id, quantity FROM cart_items ORDER BY owner, product_id").all() as CartLineRow[]);
}

/** The ids of every product, sorted. */
export function productIds(): string[] {
  return read((db) => db.prepare("SELECT id FROM products ORDER BY id").pluck().all() as string[]);
}
