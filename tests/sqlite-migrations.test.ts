/**
 * Upgrades of a SQLite database made by an earlier release: a migration that
 * rebuilds a table (to change a CHECK, lib/data/sqlite/migrations.ts) keeps
 * every row and every reference to it, and reads back as the contract says.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import Database from "better-sqlite3";
import { migrate } from "@/lib/data/sqlite/migrations";
import { toOrder, type OrderRow } from "@/lib/data/sqlite/order-rows";
import { filteredSql } from "@/lib/data/sqlite/catalog-filters";
import type { CatalogSort } from "@/lib/data/contract/catalog";

/** The schema version before payment "voided" (migration 10 of lib/data/sqlite/migrations.ts; a released migration keeps its number). */
const BEFORE_VOIDED = 9;
/** The schema version before shipping zones and sales tax (migrations 12 to 14: lib/data/sqlite/later-migrations.ts). */
const BEFORE_ZONES = 11;
/** The schema version before card payments (migration 16). */
const BEFORE_CARDS = 15;
/** The schema version before name keys (migration 19, code: SQL's lower() folds ASCII only). */
const BEFORE_NAME_KEYS = 18;
/** The schema version before the in-stock flag (migration 20). */
const BEFORE_STOCK_FLAG = 19;
/** The schema version before account emails and cut-offs (migration 21: the outbox rebuilt with order_id nullable). */
const BEFORE_ACCOUNT_EMAILS = 20;
/** The schema version before a product's several images (migration 23). */
const BEFORE_IMAGES = 22;
/** The schema version before the dashboard's sales figures (migration 24). */
const BEFORE_SALES = 23;

/** One order row as the release before "voided" wrote it (its columns named: later migrations add more), with its idempotency key. */
function insertOrder(db: Database.Database, id: string, fulfilment: string, payment: string, returnState: string | null): void {
  db.prepare(
    `INSERT INTO orders (id, reference, reference_key, owner, uid, guest_token_hash, lines, subtotal_cents, shipping_cents, total_cents,
      contact, email_key, address, fulfilment, payment, payment_method, tracking_number, return_state, return_reason, placed_at,
      delivered_at, revision, history, erased_at)
    VALUES (@id, @id, @id, 'guest:g', NULL, 'h', '[]', 100, 0, 100, '{}', 'a@example.com', '{}', @fulfilment, @payment,
      'pay_on_delivery', NULL, @returnState, NULL, 1, NULL, 0, '[]', NULL)`,
  ).run({ id, fulfilment, payment, returnState });
  db.prepare("INSERT INTO order_keys VALUES ('guest:g', @key, @id)").run({ key: `key-${id}`, id });
}

describe("SQLite upgrades", () => {
  test("payment 'voided' rebuilds orders: every row and key kept, a cancelled or returned order that was due owes nothing", () => {
    const db = new Database(":memory:");
    db.pragma("foreign_keys = ON");
    migrate(db, BEFORE_VOIDED);
    insertOrder(db, "o-placed", "placed", "due", null);
    insertOrder(db, "o-cancelled", "cancelled", "due", null);
    insertOrder(db, "o-returned", "delivered", "due", "returned");
    insertOrder(db, "o-refunded", "delivered", "refunded", "returned");
    assert.throws(() => insertOrder(db, "o-early", "cancelled", "voided", null), /CHECK constraint failed/);

    migrate(db);

    const payments = db.prepare("SELECT id, payment FROM orders ORDER BY id").all();
    assert.deepEqual(payments, [
      { id: "o-cancelled", payment: "voided" },
      { id: "o-placed", payment: "due" },
      { id: "o-refunded", payment: "refunded" },
      { id: "o-returned", payment: "voided" },
    ]);
    assert.equal((db.prepare("SELECT COUNT(*) AS n FROM order_keys").get() as { n: number }).n, 4);
    assert.deepEqual(db.pragma("foreign_key_check"), []);
    // The rebuilt table is the one the keys refer to, and its indexes are back.
    assert.throws(() => db.prepare("INSERT INTO order_keys VALUES ('guest:g', 'orphan', 'no-such-order')").run(), /FOREIGN KEY/);
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders' AND name LIKE 'orders_by_%'")
      .all();
    assert.equal(indexes.length, 6);
    insertOrder(db, "o-new", "cancelled", "voided", null);
    db.close();
  });

  test("an order from before shipping zones and sales tax reads as it was: no zone, no tax, the same total", () => {
    const db = new Database(":memory:");
    db.pragma("foreign_keys = ON");
    migrate(db, BEFORE_ZONES);
    insertOrder(db, "o-old", "placed", "due", null);
    migrate(db);
    const order = toOrder(db.prepare("SELECT * FROM orders WHERE id = 'o-old'").get() as OrderRow);
    assert.deepEqual(
      [order.subtotalCents, order.shippingCents, order.shippingZone, order.taxCents, order.taxRate, order.totalCents],
      [100, 0, "", 0, 0, 100],
    );
    assert.throws(() => db.prepare("UPDATE orders SET tax_cents = -1 WHERE id = 'o-old'").run(), /CHECK constraint failed/);
    assert.throws(() => db.prepare("UPDATE orders SET tax_rate = 100001 WHERE id = 'o-old'").run(), /CHECK constraint failed/);
    db.close();
  });

  test("card payments rebuild orders: every column, row and key kept; an old order is paid on delivery with no session", () => {
    const db = new Database(":memory:");
    db.pragma("foreign_keys = ON");
    migrate(db, BEFORE_CARDS);
    insertOrder(db, "o-due", "placed", "due", null);
    insertOrder(db, "o-paid", "delivered", "paid", null);
    db.prepare(
      "UPDATE orders SET shipping_zone = 'Contiguous', tax_cents = 7, tax_rate = 7250, discount_code = 'SAVE', discount_cents = 3, guest_link_hashes = '[\"x\"]' WHERE id = 'o-paid'",
    ).run();
    assert.throws(() => db.prepare("UPDATE orders SET payment = 'awaiting' WHERE id = 'o-due'").run(), /CHECK constraint failed/);

    migrate(db);

    const paid = toOrder(db.prepare("SELECT * FROM orders WHERE id = 'o-paid'").get() as OrderRow);
    assert.deepEqual(
      [
        paid.payment,
        paid.paymentMethod,
        paid.cardSession,
        paid.shippingZone,
        paid.taxCents,
        paid.taxRate,
        paid.discountCode,
        paid.discountCents,
      ],
      ["paid", "pay_on_delivery", null, "Contiguous", 7, 7250, "SAVE", 3],
    );
    assert.deepEqual(paid.guestTokenHashes, ["h", "x"]);
    assert.equal((db.prepare("SELECT COUNT(*) AS n FROM orders").get() as { n: number }).n, 2);
    assert.equal((db.prepare("SELECT COUNT(*) AS n FROM order_keys").get() as { n: number }).n, 2);
    assert.deepEqual(db.pragma("foreign_key_check"), []);
    db.prepare("UPDATE orders SET payment = 'awaiting', payment_method = 'card', card_session = 'cs_test_1' WHERE id = 'o-due'").run();
    assert.throws(() => db.prepare("UPDATE orders SET payment_method = 'cash' WHERE id = 'o-due'").run(), /CHECK constraint failed/);
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders' AND name LIKE 'orders_by_%'")
      .all();
    assert.equal(indexes.length, 6);
    db.close();
  });

  test("name keys: every product of an earlier release gets its name's key, and a type's listing by name reads the new index", () => {
    const db = new Database(":memory:");
    migrate(db, BEFORE_NAME_KEYS);
    const insert = db.prepare(
      "INSERT INTO products (id, name, image, price_cents, details, type, created_at) VALUES (?, ?, '/products/lamp.webp', 100, 'd', 'Book', 1)",
    );
    insert.run("p-accent", "Émile");
    insert.run("p-upper", "ZEBRA");
    insert.run("p-mixed", "atlas Of Rivers");

    migrate(db);

    const keys = db.prepare("SELECT id, name_key FROM products ORDER BY name_key, id").all();
    assert.deepEqual(keys, [
      { id: "p-mixed", name_key: "atlas of rivers" },
      { id: "p-accent", name_key: "emile" },
      { id: "p-upper", name_key: "zebra" },
    ]);
    const plan = db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT * FROM products WHERE type = 'Book' AND (name_key, id) > ('b', 'x') ORDER BY name_key, id LIMIT 5",
      )
      .all() as { detail: string }[];
    assert.match(plan.map((step) => step.detail).join("; "), /USING INDEX products_by_type_name \(type=\? AND \(name_key,id\)>\(\?,\?\)\)/);
    assert.ok(!plan.some((step) => /TEMP B-TREE/.test(step.detail)), "ordered by the index, not sorted");
    db.close();
  });

  test("the in-stock flag: each product of an earlier release flagged by its stock, and each filtered listing read on an index", () => {
    const db = new Database(":memory:");
    migrate(db, BEFORE_STOCK_FLAG);
    const insert = db.prepare(
      "INSERT INTO products (id, name, name_key, image, price_cents, details, type, created_at) VALUES (?, ?, ?, '/products/lamp.webp', 100, 'd', 'Book', 1)",
    );
    for (const id of ["p-sold-out", "p-left", "p-untracked", "p-below-zero"]) insert.run(id, id, id);
    const stock = db.prepare("INSERT INTO product_stock (product_id, count) VALUES (?, ?)");
    stock.run("p-sold-out", 0);
    stock.run("p-left", 3);

    migrate(db);

    assert.deepEqual(db.prepare("SELECT id, in_stock FROM products ORDER BY id").all(), [
      { id: "p-below-zero", in_stock: 1 },
      { id: "p-left", in_stock: 1 },
      { id: "p-sold-out", in_stock: 0 },
      { id: "p-untracked", in_stock: 1 },
    ]);
    const planOf = (sort: CatalogSort, filter: { minCents: number | null; maxCents: number | null; inStockOnly: boolean }) => {
      const { where, order } = filteredSql(sort, filter);
      const sql = `EXPLAIN QUERY PLAN SELECT * FROM products WHERE ${where} ORDER BY ${order} LIMIT 12 OFFSET 24`;
      return (db.prepare(sql).all({ type: "Book", min: 500, max: 2000 }) as { detail: string }[]).map((step) => step.detail).join("; ");
    };
    const inStock = { minCents: null, maxCents: null, inStockOnly: true };
    const ranged = { minCents: 500, maxCents: 2000, inStockOnly: false };
    assert.match(planOf("newest", inStock), /USING INDEX products_by_type_stock_newest \(type=\? AND in_stock=\?\)/);
    assert.match(planOf("name-asc", inStock), /USING INDEX products_by_type_stock_name/);
    assert.match(
      planOf("price-asc", { ...ranged, inStockOnly: true }),
      // Either price index ranges over the type's prices (the planner has no statistics here to prefer one).
      /USING INDEX products_by_type_(stock_)?price \(type=\? AND .*price_cents>\? AND price_cents<\?\)/,
    );
    assert.match(planOf("price-desc", ranged), /USING INDEX products_by_type_price_down \(type=\? AND price_cents>\? AND price_cents<\?\)/);
    // "In stock only" in each order, and a range in an order by price, read in order off an index: no sort. A range beside
    // another order reads the range off the price index and sorts what it finds (the planner's choice: few rows for a
    // narrow range; the bench measures a wide one).
    for (const sort of ["newest", "price-asc", "price-desc", "name-asc"] as const) {
      assert.ok(!/TEMP B-TREE/.test(planOf(sort, inStock)), `${sort} in stock: ${planOf(sort, inStock)}`);
    }
    for (const sort of ["price-asc", "price-desc"] as const) {
      assert.ok(!/TEMP B-TREE/.test(planOf(sort, ranged)), `${sort} ranged: ${planOf(sort, ranged)}`);
    }
    // After a cursor, the same index is sought to the cursor's first key, not read from the type's first entry.
    const planAfter = (sort: CatalogSort, filter: { minCents: number | null; maxCents: number | null; inStockOnly: boolean }) => {
      const { where, order } = filteredSql(sort, filter, true);
      const sql = `EXPLAIN QUERY PLAN SELECT * FROM products WHERE ${where} ORDER BY ${order} LIMIT 13`;
      const args = { type: "Book", min: 500, max: 2000, k0: 1, k1: 1, id: "p" };
      return (db.prepare(sql).all(sort === "name-asc" ? { ...args, k0: "p" } : args) as { detail: string }[])
        .map((step) => step.detail)
        .join("; ");
    };
    assert.match(planAfter("newest", inStock), /USING INDEX products_by_type_stock_newest \(type=\? AND in_stock=\? AND created_at<\?\)/);
    assert.match(planAfter("name-asc", inStock), /USING INDEX products_by_type_stock_name \(type=\? AND in_stock=\? AND name_key>\?\)/);
    for (const sort of ["newest", "name-asc"] as const) {
      assert.ok(!/TEMP B-TREE/.test(planAfter(sort, inStock)), `${sort} in stock after a cursor: ${planAfter(sort, inStock)}`);
    }
    db.close();
  });

  test("account emails: the outbox rebuilt keeps every email and its indexes, and takes an email about no order", () => {
    const db = new Database(":memory:");
    migrate(db, BEFORE_ACCOUNT_EMAILS);
    const columns =
      "id, order_id, message_id, to_address, subject, text, state, attempts, due_at, leased_until, last_error, created_at, seq";
    const insert = db.prepare(
      `INSERT INTO outbox (${columns}) VALUES (?, ?, ?, 'a@example.com', 'Your order', 'text', ?, 1, 5, NULL, ?, 4, ?)`,
    );
    insert.run("e1", "order-1", "<order-1-confirmation@storefront>", "sent", null, 1);
    insert.run("e2", "order-1", "<order-1-2@storefront>", "failed", "550 no such user", 2);
    const before = db.prepare(`SELECT ${columns} FROM outbox ORDER BY seq`).all();
    assert.throws(() => insert.run("e3", null, "<account-x@storefront>", "pending", null, 3), /NOT NULL/);

    migrate(db);

    assert.deepEqual(db.prepare(`SELECT ${columns} FROM outbox ORDER BY seq`).all(), before);
    insert.run("e3", null, "<account-x@storefront>", "pending", null, 3);
    const indexes = (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .all() as { name: string }[]
    ).map((row) => row.name);
    assert.deepEqual(indexes, ["outbox_by_due", "outbox_by_order"]);
    assert.deepEqual(db.prepare("SELECT uid FROM account_session_cutoffs").all(), []);
    db.close();
  });

  test("images: each product of an earlier release keeps its one image, first, with its name as alt text, and reads as before", () => {
    const db = new Database(":memory:");
    migrate(db, BEFORE_IMAGES);
    db.prepare(
      "INSERT INTO products (id, name, name_key, image, price_cents, details, type, created_at) VALUES ('p-lamp', 'Desk \"Lamp\"', 'desk lamp', '/products/lamp.webp', 100, 'd', 'Book', 1)",
    ).run();

    migrate(db);

    const row = db.prepare("SELECT * FROM products WHERE id = 'p-lamp'").get() as Record<string, unknown>;
    assert.equal("image" in row, false, "the one image is now the list's first");
    assert.deepEqual(JSON.parse(String(row.images)), [{ src: "/products/lamp.webp", alt: 'Desk "Lamp"' }]);
    db.close();
  });

  test("sales figures: every order of an earlier release is counted once, in its UTC day and quarter hour", () => {
    const db = new Database(":memory:");
    migrate(db, BEFORE_SALES);
    insertOrder(db, "o-due", "placed", "due", null);
    insertOrder(db, "o-paid", "delivered", "paid", null);
    // 2030-03-04 10:07 UTC (quarter hour 40), one line of 2 at 50 cents; its total 100 with no tax nor shipping.
    db.prepare(
      `UPDATE orders SET placed_at = ${Date.UTC(2030, 2, 4, 10, 7)}, lines = '[{"productId":"p-1","name":"Pen","image":"/p.webp","unitPriceCents":50,"quantity":2}]'`,
    ).run();

    migrate(db);

    assert.deepEqual(db.prepare("SELECT * FROM sales_slots").all(), [
      { day: "2030-03-04", slot: 40, orders: 2, paid_orders: 1, sales_cents: 100, tax_cents: 0, shipping_cents: 0, refunded_cents: 0 },
    ]);
    assert.deepEqual(db.prepare("SELECT * FROM sales_products").all(), [
      { day: "2030-03-04", product_id: "p-1", name: "Pen", units: 2, goods_cents: 100 },
    ]);
    db.close();
  });
});
