import type Database from "better-sqlite3";
import { PRODUCT_TYPES } from "../contract/catalog";
import { LATER_MIGRATIONS, type Migration } from "./later-migrations";

/**
 * Ordered schema migrations. `PRAGMA user_version` records how many have run;
 * each runs in its own transaction, so a crash mid-migration leaves the
 * previous version intact. Append new steps; never edit a released one.
 */
const MIGRATIONS: readonly Migration[] = [
  `
  CREATE TABLE products (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    image       TEXT NOT NULL,
    price_cents INTEGER NOT NULL CHECK (price_cents > 0),
    details     TEXT NOT NULL,
    type        TEXT NOT NULL CHECK (type IN (${PRODUCT_TYPES.map((t) => `'${t}'`).join(", ")})),
    created_at  INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX products_by_newest ON products (created_at DESC, id);
  CREATE INDEX products_by_type_newest ON products (type, created_at DESC, id);

  CREATE TABLE cart_items (
    owner       TEXT NOT NULL,
    product_id  TEXT NOT NULL,
    name        TEXT NOT NULL,
    price_cents INTEGER NOT NULL,
    image       TEXT NOT NULL,
    details     TEXT NOT NULL,
    quantity    INTEGER NOT NULL CHECK (quantity > 0),
    added_at    INTEGER NOT NULL,
    PRIMARY KEY (owner, product_id)
  ) STRICT;

  CREATE TABLE users (
    uid          TEXT PRIMARY KEY,
    display_name TEXT NOT NULL,
    email        TEXT NOT NULL,
    created_at   INTEGER NOT NULL
  ) STRICT;
  `,
  // Sign-out revocations (Store.revokeSession); expired rows are purged on write.
  `
  CREATE TABLE revoked_sessions (
    sid        TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX revoked_sessions_by_expiry ON revoked_sessions (expires_at);
  `,
  // The catalogue's change counter, bumped by every write to products from any
  // connection: a server process polls it to learn of writes made by another
  // process (the seed or import script, a second server) and expire its cache.
  `
  CREATE TABLE catalog_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
  ) STRICT;
  INSERT INTO catalog_version (id, version) VALUES (1, 0);
  CREATE TRIGGER products_insert_bumps_version AFTER INSERT ON products
    BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END;
  CREATE TRIGGER products_update_bumps_version AFTER UPDATE ON products
    BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END;
  CREATE TRIGGER products_delete_bumps_version AFTER DELETE ON products
    BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END;
  `,
  // Admin edits: each product's revision (an edit names the one it was made
  // from, so a save over a newer change is refused) and the record of every
  // change, kept after the product is deleted. before/after hold the fields as JSON.
  `
  ALTER TABLE products ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
  CREATE TABLE product_changes (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id TEXT NOT NULL,
    at         INTEGER NOT NULL,
    by         TEXT NOT NULL,
    action     TEXT NOT NULL CHECK (action IN ('create', 'update', 'delete')),
    before     TEXT,
    after      TEXT
  ) STRICT;
  CREATE INDEX product_changes_by_product ON product_changes (product_id, seq DESC);
  `,
  // Guest cart lines expire (lib/data/rules/cart-bounds.ts): expires_at in ms, NULL
  // for an account's lines. Guest lines already stored get the full 30 days
  // (2,592,000,000 ms) from now. The partial index serves the sweep of
  // expired lines that cart writes run.
  `
  ALTER TABLE cart_items ADD COLUMN expires_at INTEGER;
  UPDATE cart_items SET expires_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000 + 2592000000
    WHERE substr(owner, 1, 6) = 'guest:';
  CREATE INDEX cart_items_by_expiry ON cart_items (expires_at) WHERE expires_at IS NOT NULL;
  `,
  // What each catalogue write changed (lib/data/rules/catalog-changes.ts), recorded
  // by the adapter in the write's own transaction with the version it raised
  // catalog_version to; the newest are kept. The version is raised per
  // write, not per row: an import of 50,000 rows is one change.
  `
  CREATE TABLE catalog_changes (
    version  INTEGER PRIMARY KEY,
    products TEXT,
    types    TEXT NOT NULL,
    listed   INTEGER NOT NULL
  ) STRICT;
  DROP TRIGGER IF EXISTS products_insert_bumps_version;
  DROP TRIGGER IF EXISTS products_update_bumps_version;
  DROP TRIGGER IF EXISTS products_delete_bumps_version;
  `,
  // Search (lib/data/rules/search-keys.ts): each product's search keys, one row per
  // key, written in the same transaction as the product, with the product's
  // created_at and type: the primary key lists each key's products newest
  // first, so a search reads at most its limit per key, however many match. search_keys_version says which version
  // of the keys a product has (0: none yet); the adapter rewrites the keys of
  // any product below the current version when it opens (catalog-search.ts),
  // reading only those through the index on it.
  `
  CREATE TABLE product_search_keys (
    key        TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    type       TEXT NOT NULL,
    PRIMARY KEY (key, created_at DESC, product_id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX product_search_keys_by_product ON product_search_keys (product_id);
  ALTER TABLE products ADD COLUMN search_keys_version INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX products_by_search_keys_version ON products (search_keys_version);
  `,
  // Orders (lib/data/contract/orders.ts). An order is one row: the fields its
  // lists filter and sort on as columns, money in cents, and its lines,
  // contact, address and history as JSON (lines' unit prices in cents too).
  // reference_key is the reference without dashes (how it is searched),
  // email_key the contact's email in lower case. order_keys holds each
  // checkout's idempotency key; product_stock a tracked product's count (no
  // row: not tracked), apart from products so a sale is no catalogue change;
  // outbox the emails to send, claimed by lease (leased_until).
  `
  CREATE TABLE orders (
    id               TEXT PRIMARY KEY,
    reference        TEXT NOT NULL,
    reference_key    TEXT NOT NULL UNIQUE,
    owner            TEXT NOT NULL,
    uid              TEXT,
    guest_token_hash TEXT,
    lines            TEXT NOT NULL,
    subtotal_cents   INTEGER NOT NULL,
    shipping_cents   INTEGER NOT NULL,
    total_cents      INTEGER NOT NULL,
    contact          TEXT NOT NULL,
    email_key        TEXT NOT NULL,
    address          TEXT NOT NULL,
    fulfilment       TEXT NOT NULL CHECK (fulfilment IN ('placed', 'shipped', 'delivered', 'cancelled')),
    payment          TEXT NOT NULL CHECK (payment IN ('due', 'paid', 'refunded')),
    payment_method   TEXT NOT NULL,
    tracking_number  TEXT,
    return_state     TEXT CHECK (return_state IN ('requested', 'returned', 'refused')),
    return_reason    TEXT,
    placed_at        INTEGER NOT NULL,
    delivered_at     INTEGER,
    revision         INTEGER NOT NULL,
    history          TEXT NOT NULL,
    erased_at        INTEGER
  ) STRICT;
  CREATE INDEX orders_by_newest ON orders (placed_at DESC, id);
  CREATE INDEX orders_by_fulfilment ON orders (fulfilment, placed_at DESC, id);
  CREATE INDEX orders_by_payment ON orders (payment, placed_at DESC, id);
  CREATE INDEX orders_by_return ON orders (return_state, placed_at DESC, id);
  CREATE INDEX orders_by_email ON orders (email_key, placed_at DESC, id);
  CREATE INDEX orders_by_uid ON orders (uid, placed_at DESC, id);

  CREATE TABLE order_keys (
    owner    TEXT NOT NULL,
    key      TEXT NOT NULL,
    order_id TEXT NOT NULL REFERENCES orders (id),
    PRIMARY KEY (owner, key)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE product_stock (
    product_id TEXT PRIMARY KEY,
    count      INTEGER NOT NULL CHECK (count >= 0)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE outbox (
    id           TEXT PRIMARY KEY,
    order_id     TEXT NOT NULL,
    message_id   TEXT NOT NULL,
    to_address   TEXT NOT NULL,
    subject      TEXT NOT NULL,
    text         TEXT NOT NULL,
    state        TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'failed')),
    attempts     INTEGER NOT NULL,
    due_at       INTEGER NOT NULL,
    leased_until INTEGER,
    last_error   TEXT,
    created_at   INTEGER NOT NULL,
    seq          INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX outbox_by_due ON outbox (state, due_at);
  CREATE INDEX outbox_by_order ON outbox (order_id, created_at, seq);
  `,
  // The stock feed (lib/data/sqlite/stock-notices.ts): one row per write
  // that changed some product's shown stock, in that write's transaction,
  // naming those products (product_ids: JSON). AUTOINCREMENT: a pruned
  // seq is never used again, so a poller's "after seq" stays true.
  `
  CREATE TABLE stock_notices (
    seq         INTEGER PRIMARY KEY AUTOINCREMENT,
    product_ids TEXT NOT NULL,
    at          INTEGER NOT NULL
  ) STRICT;
  `,
  // Payment "voided" (lib/data/contract/order-states.ts): an order cancelled or
  // returned before it was paid owes nothing. A CHECK cannot be altered, so
  // the orders table is rebuilt with the new list (docs/ARCHITECTURE.md,
  // "Add an order state or step"; migrate() checks order_keys' references
  // to it before the commit). Orders already cancelled or returned while due
  // become voided.
  `
  CREATE TABLE orders_rebuilt (
    id               TEXT PRIMARY KEY,
    reference        TEXT NOT NULL,
    reference_key    TEXT NOT NULL UNIQUE,
    owner            TEXT NOT NULL,
    uid              TEXT,
    guest_token_hash TEXT,
    lines            TEXT NOT NULL,
    subtotal_cents   INTEGER NOT NULL,
    shipping_cents   INTEGER NOT NULL,
    total_cents      INTEGER NOT NULL,
    contact          TEXT NOT NULL,
    email_key        TEXT NOT NULL,
    address          TEXT NOT NULL,
    fulfilment       TEXT NOT NULL CHECK (fulfilment IN ('placed', 'shipped', 'delivered', 'cancelled')),
    payment          TEXT NOT NULL CHECK (payment IN ('due', 'paid', 'refunded', 'voided')),
    payment_method   TEXT NOT NULL,
    tracking_number  TEXT,
    return_state     TEXT CHECK (return_state IN ('requested', 'returned', 'refused')),
    return_reason    TEXT,
    placed_at        INTEGER NOT NULL,
    delivered_at     INTEGER,
    revision         INTEGER NOT NULL,
    history          TEXT NOT NULL,
    erased_at        INTEGER
  ) STRICT;
  INSERT INTO orders_rebuilt SELECT * FROM orders;
  UPDATE orders_rebuilt SET payment = 'voided' WHERE payment = 'due' AND (fulfilment = 'cancelled' OR return_state = 'returned');
  DROP TABLE orders;
  ALTER TABLE orders_rebuilt RENAME TO orders;
  CREATE INDEX orders_by_newest ON orders (placed_at DESC, id);
  CREATE INDEX orders_by_fulfilment ON orders (fulfilment, placed_at DESC, id);
  CREATE INDEX orders_by_payment ON orders (payment, placed_at DESC, id);
  CREATE INDEX orders_by_return ON orders (return_state, placed_at DESC, id);
  CREATE INDEX orders_by_email ON orders (email_key, placed_at DESC, id);
  CREATE INDEX orders_by_uid ON orders (uid, placed_at DESC, id);
  `,
  // The links asked for since the checkout ("find my order",
  // OrderStore.addOrderLink): their token hashes as a JSON array, beside the
  // checkout's (guest_token_hash). An order from before reads as none.
  `
  ALTER TABLE orders ADD COLUMN guest_link_hashes TEXT NOT NULL DEFAULT '[]';
  `,
  ...LATER_MIGRATIONS,
];

/** The schema version this code writes: the number of migrations. */
const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Runs the migrations `db` has not had, up to `target` (the current schema;
 * a test of an upgrade stops earlier). Foreign keys are not enforced while a
 * migration runs, so one may rebuild a table others refer to (SQLite's own
 * procedure: the setting cannot change inside a transaction); every
 * reference is checked before each migration commits, and a broken one
 * rolls it back.
 */
export function migrate(db: Database.Database, target = SCHEMA_VERSION): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(`Database schema version ${current} is newer than this code knows (${MIGRATIONS.length}); refusing to open it.`);
  }
  if (current >= target) return;
  const enforced = db.pragma("foreign_keys", { simple: true }) === 1;
  db.pragma("foreign_keys = OFF");
  try {
    for (let version = current; version < target; version++) {
      db.transaction(() => {
        // Another process opening the same file may have run it meanwhile: the write lock is held now, so this read is final.
        if ((db.pragma("user_version", { simple: true }) as number) > version) return;
        const step = MIGRATIONS[version];
        if (typeof step === "string") db.exec(step);
        else step(db);
        const broken = db.pragma("foreign_key_check") as unknown[];
        if (broken.length > 0)
          throw new Error(`Migration ${version + 1} would break ${broken.length} reference(s): ${JSON.stringify(broken[0])}`);
        db.pragma(`user_version = ${version + 1}`);
      }).immediate();
    }
  } finally {
    if (enforced) db.pragma("foreign_keys = ON");
  }
}
