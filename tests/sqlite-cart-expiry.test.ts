/**
 * SQLite's own side of guest cart expiry: migration 5 gives the guest lines
 * stored before it their 30 days (account lines none), and cart writes sweep
 * expired lines from the table, every owner's, through the expiry index.
 */
import assert from "node:assert/strict";
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { GUEST_LINE_LIFETIME_MS } from "@/lib/data/rules/cart-bounds";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { product } from "./helpers/fixtures";

const dir = mkdtempSync(join(tmpdir(), "sqlite-cart-expiry-"));
const DAY = 24 * 60 * 60 * 1000;
let n = 0;
const rows = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare("SELECT owner, product_id, expires_at FROM cart_items ORDER BY owner, product_id").all();
  } finally {
    db.close();
  }
};

describe("SQLite guest cart expiry", () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("migration 5 gives the guest lines already stored 30 days from now and account lines no expiry", async () => {
    const path = join(dir, `legacy-${++n}.db`);
    const setup = openSqliteStore(path);
    await setup.upsertProducts([product("lamp", 1)]);
    await setup.close();
    // Back to schema 4, as a database written before lines expired: no column, two carts.
    const db = new Database(path);
    db.exec(`ALTER TABLE products ADD COLUMN image TEXT NOT NULL DEFAULT ''; UPDATE products SET image = images ->> '$[0].src';
      ALTER TABLE products DROP COLUMN images; DROP INDEX cart_items_by_expiry; ALTER TABLE cart_items DROP COLUMN expires_at;
      DROP TABLE sales_slots; DROP TABLE sales_products; DROP TABLE address_books; DROP TABLE account_session_cutoffs; DROP TABLE discount_uses; DROP TABLE discounts; DROP TABLE settings;
      DROP TABLE stock_notices; DROP TABLE outbox; DROP TABLE product_stock; DROP TABLE order_keys; DROP TABLE orders;
      DROP TABLE catalog_changes; DROP TABLE product_search_keys; DROP INDEX products_by_search_keys_version; DROP INDEX products_by_type_price; DROP INDEX products_by_type_price_down;
      DROP INDEX products_by_type_stock_newest; DROP INDEX products_by_type_stock_price; DROP INDEX products_by_type_stock_price_down;
      DROP INDEX products_by_type_stock_name; ALTER TABLE products DROP COLUMN in_stock;
      DROP INDEX products_by_type_name; ALTER TABLE products DROP COLUMN name_key;
      ALTER TABLE products DROP COLUMN search_keys_version; PRAGMA user_version = 4;
      INSERT INTO cart_items (owner, product_id, name, price_cents, image, details, quantity, added_at)
      VALUES ('guest:old', 'lamp', 'Lamp', 100, '/l.webp', 'd', 2, 1), ('user:old', 'lamp', 'Lamp', 100, '/l.webp', 'd', 1, 1);`);
    db.close();

    const before = Date.now();
    const store = openSqliteStore(path);
    try {
      const [guestRow, userRow] = rows(path) as { owner: string; expires_at: number | null }[];
      assert.equal(guestRow.owner, "guest:old");
      assert.ok(guestRow.expires_at! >= Math.floor(before / 1000) * 1000 + GUEST_LINE_LIFETIME_MS, "30 days from the migration");
      assert.ok(guestRow.expires_at! <= Date.now() + GUEST_LINE_LIFETIME_MS);
      assert.deepEqual(userRow, { owner: "user:old", product_id: "lamp", expires_at: null });
      assert.equal((await store.listCart("guest:old"))[0].quantity, 2);
    } finally {
      await store.close();
    }
  });

  it("a cart write deletes every cart's expired lines, through the expiry index", async () => {
    const path = join(dir, `sweep-${++n}.db`);
    let now = Date.UTC(2030, 0, 1);
    const store = openSqliteStore(path, { cartClock: () => now });
    try {
      await store.upsertProducts([product("lamp", 1), product("mug", 2)]);
      await store.addToLine("guest:early", "lamp");
      await store.addToLine("user:kept", "lamp");
      now += 20 * DAY;
      await store.addToLine("guest:later", "lamp");
      now += 10 * DAY;
      assert.equal(rows(path).length, 3, "reads leave the expired line out; only a write sweeps");
      await store.addToLine("guest:later", "mug");
      assert.deepEqual(
        rows(path).map((row) => (row as { owner: string }).owner),
        ["guest:later", "guest:later", "user:kept"],
      );
    } finally {
      await store.close();
    }
    const db = new Database(path, { readonly: true });
    try {
      const plan = db.prepare("EXPLAIN QUERY PLAN DELETE FROM cart_items WHERE expires_at <= ?").all(0) as { detail: string }[];
      assert.match(plan.map((step) => step.detail).join("\n"), /USING (COVERING )?INDEX cart_items_by_expiry/);
    } finally {
      db.close();
    }
  });
});
