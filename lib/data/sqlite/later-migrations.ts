import type Database from "better-sqlite3";
import { nameSortKey } from "../rules/catalog-order";
import { salesChange } from "../rules/sales-figures";
import { toOrder, type OrderRow } from "./order-rows";
import { addSalesChange } from "./sales-rows";

/**
 * A migration: SQL, or code for what SQL cannot say; either runs inside
 * its migration's transaction (migrations.ts).
 */
export type Migration = string | ((db: Database.Database) => void);

/**
 * The migrations after the 11th, in order (migrations.ts runs them after its
 * own; that file is full). Append new steps here; never edit a released one.
 */
export const LATER_MIGRATIONS: readonly Migration[] = [
  // 12. The operator's settings, one row per concern (key), each JSON with
  // the revision an edit names (a stale one is refused, as a product's) and
  // who saved it when: "shipping" holds the zones (shipping.ts). No row: the
  // defaults (DEFAULT_SHIPPING_ZONES at revision 0).
  `
  CREATE TABLE settings (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    revision   INTEGER NOT NULL CHECK (revision > 0),
    updated_by TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  ) STRICT;
  `,
  // 13. The name of the zone that priced an order's shipping
  // (Order.shippingZone). An order from before zones paid no shipping and
  // reads as "" (the summary says "Shipping", without a zone).
  `
  ALTER TABLE orders ADD COLUMN shipping_zone TEXT NOT NULL DEFAULT '';
  `,
  // 14. An order's sales tax (Order.taxCents, Order.taxRate in thousandths
  // of a percent). An order from before tax paid none: 0 at rate 0, and its
  // total is still subtotal + shipping.
  `
  ALTER TABLE orders ADD COLUMN tax_cents INTEGER NOT NULL DEFAULT 0 CHECK (tax_cents >= 0);
  ALTER TABLE orders ADD COLUMN tax_rate INTEGER NOT NULL DEFAULT 0 CHECK (tax_rate BETWEEN 0 AND 100000);
  `,
  // 15. Discount codes (../contract/discounts.ts): the operator's codes with
  // the uses counted so far, the uses per email key, and on each order the
  // code it used and what it took off. An order from before codes used none:
  // "" and 0.
  `
  CREATE TABLE discounts (
    code                TEXT PRIMARY KEY,
    kind                TEXT NOT NULL CHECK (kind IN ('percent', 'amount')),
    value               INTEGER NOT NULL CHECK (value > 0),
    min_subtotal_cents  INTEGER NOT NULL CHECK (min_subtotal_cents >= 0),
    starts_at           INTEGER,
    ends_at             INTEGER,
    max_uses            INTEGER CHECK (max_uses > 0),
    max_uses_per_email  INTEGER CHECK (max_uses_per_email > 0),
    uses                INTEGER NOT NULL DEFAULT 0 CHECK (uses >= 0),
    disabled            INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
    created_at          INTEGER NOT NULL,
    created_by          TEXT NOT NULL
  ) STRICT;
  CREATE TABLE discount_uses (
    code       TEXT NOT NULL REFERENCES discounts (code),
    email_key  TEXT NOT NULL,
    count      INTEGER NOT NULL CHECK (count >= 0),
    PRIMARY KEY (code, email_key)
  ) STRICT;
  ALTER TABLE orders ADD COLUMN discount_code TEXT NOT NULL DEFAULT '';
  ALTER TABLE orders ADD COLUMN discount_cents INTEGER NOT NULL DEFAULT 0 CHECK (discount_cents >= 0);
  `,
  // 16. Card payments (../contract/card-steps.ts): payment states awaiting,
  // expired and failed, the methods held to the table's (payment_method had
  // no CHECK), and the order's current Stripe Checkout Session. A CHECK
  // cannot be altered, so the table is rebuilt (as migration 10 did); every
  // order before it is paid on delivery, with no session.
  `
  CREATE TABLE orders_rebuilt (
    id                TEXT PRIMARY KEY,
    reference         TEXT NOT NULL,
    reference_key     TEXT NOT NULL UNIQUE,
    owner             TEXT NOT NULL,
    uid               TEXT,
    guest_token_hash  TEXT,
    guest_link_hashes TEXT NOT NULL DEFAULT '[]',
    lines             TEXT NOT NULL,
    subtotal_cents    INTEGER NOT NULL,
    shipping_cents    INTEGER NOT NULL,
    shipping_zone     TEXT NOT NULL DEFAULT '',
    tax_cents         INTEGER NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
    tax_rate          INTEGER NOT NULL DEFAULT 0 CHECK (tax_rate BETWEEN 0 AND 100000),
    discount_code     TEXT NOT NULL DEFAULT '',
    discount_cents    INTEGER NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
    total_cents       INTEGER NOT NULL,
    contact           TEXT NOT NULL,
    email_key         TEXT NOT NULL,
    address           TEXT NOT NULL,
    fulfilment        TEXT NOT NULL CHECK (fulfilment IN ('placed', 'shipped', 'delivered', 'cancelled')),
    payment           TEXT NOT NULL CHECK (payment IN ('due', 'awaiting', 'expired', 'failed', 'paid', 'refunded', 'voided')),
    payment_method    TEXT NOT NULL CHECK (payment_method IN ('pay_on_delivery', 'card')),
    card_session      TEXT,
    tracking_number   TEXT,
    return_state      TEXT CHECK (return_state IN ('requested', 'returned', 'refused')),
    return_reason     TEXT,
    placed_at         INTEGER NOT NULL,
    delivered_at      INTEGER,
    revision          INTEGER NOT NULL,
    history           TEXT NOT NULL,
    erased_at         INTEGER
  ) STRICT;
  INSERT INTO orders_rebuilt (
    id, reference, reference_key, owner, uid, guest_token_hash, guest_link_hashes, lines, subtotal_cents, shipping_cents,
    shipping_zone, tax_cents, tax_rate, discount_code, discount_cents, total_cents, contact, email_key, address, fulfilment,
    payment, payment_method, tracking_number, return_state, return_reason, placed_at, delivered_at, revision, history, erased_at
  )
  SELECT
    id, reference, reference_key, owner, uid, guest_token_hash, guest_link_hashes, lines, subtotal_cents, shipping_cents,
    shipping_zone, tax_cents, tax_rate, discount_code, discount_cents, total_cents, contact, email_key, address, fulfilment,
    payment, payment_method, tracking_number, return_state, return_reason, placed_at, delivered_at, revision, history, erased_at
  FROM orders;
  DROP TABLE orders;
  ALTER TABLE orders_rebuilt RENAME TO orders;
  CREATE INDEX orders_by_newest ON orders (placed_at DESC, id);
  CREATE INDEX orders_by_fulfilment ON orders (fulfilment, placed_at DESC, id);
  CREATE INDEX orders_by_payment ON orders (payment, placed_at DESC, id);
  CREATE INDEX orders_by_return ON orders (return_state, placed_at DESC, id);
  CREATE INDEX orders_by_email ON orders (email_key, placed_at DESC, id);
  CREATE INDEX orders_by_uid ON orders (uid, placed_at DESC, id);
  `,
  // 17. Refunds by card (../contract/payment-fields.ts, CardRefund): payment
  // partially_refunded, and a card order's refunds as a JSON array. The
  // table is rebuilt for the CHECK, as 16 did; every order before it has
  // no refund by card.
  `
  CREATE TABLE orders_rebuilt (
    id                TEXT PRIMARY KEY,
    reference         TEXT NOT NULL,
    reference_key     TEXT NOT NULL UNIQUE,
    owner             TEXT NOT NULL,
    uid               TEXT,
    guest_token_hash  TEXT,
    guest_link_hashes TEXT NOT NULL DEFAULT '[]',
    lines             TEXT NOT NULL,
    subtotal_cents    INTEGER NOT NULL,
    shipping_cents    INTEGER NOT NULL,
    shipping_zone     TEXT NOT NULL DEFAULT '',
    tax_cents         INTEGER NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
    tax_rate          INTEGER NOT NULL DEFAULT 0 CHECK (tax_rate BETWEEN 0 AND 100000),
    discount_code     TEXT NOT NULL DEFAULT '',
    discount_cents    INTEGER NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
    total_cents       INTEGER NOT NULL,
    contact           TEXT NOT NULL,
    email_key         TEXT NOT NULL,
    address           TEXT NOT NULL,
    fulfilment        TEXT NOT NULL CHECK (fulfilment IN ('placed', 'shipped', 'delivered', 'cancelled')),
    payment           TEXT NOT NULL CHECK (payment IN ('due', 'awaiting', 'expired', 'failed', 'paid', 'partially_refunded', 'refunded', 'voided')),
    payment_method    TEXT NOT NULL CHECK (payment_method IN ('pay_on_delivery', 'card')),
    card_session      TEXT,
    card_refunds      TEXT NOT NULL DEFAULT '[]',
    tracking_number   TEXT,
    return_state      TEXT CHECK (return_state IN ('requested', 'returned', 'refused')),
    return_reason     TEXT,
    placed_at         INTEGER NOT NULL,
    delivered_at      INTEGER,
    revision          INTEGER NOT NULL,
    history           TEXT NOT NULL,
    erased_at         INTEGER
  ) STRICT;
  INSERT INTO orders_rebuilt (
    id, reference, reference_key, owner, uid, guest_token_hash, guest_link_hashes, lines, subtotal_cents, shipping_cents,
    shipping_zone, tax_cents, tax_rate, discount_code, discount_cents, total_cents, contact, email_key, address, fulfilment,
    payment, payment_method, card_session, tracking_number, return_state, return_reason, placed_at, delivered_at, revision, history, erased_at
  )
  SELECT
    id, reference, reference_key, owner, uid, guest_token_hash, guest_link_hashes, lines, subtotal_cents, shipping_cents,
    shipping_zone, tax_cents, tax_rate, discount_code, discount_cents, total_cents, contact, email_key, address, fulfilment,
    payment, payment_method, card_session, tracking_number, return_state, return_reason, placed_at, delivered_at, revision, history, erased_at
  FROM orders;
  DROP TABLE orders;
  ALTER TABLE orders_rebuilt RENAME TO orders;
  CREATE INDEX orders_by_newest ON orders (placed_at DESC, id);
  CREATE INDEX orders_by_fulfilment ON orders (fulfilment, placed_at DESC, id);
  CREATE INDEX orders_by_payment ON orders (payment, placed_at DESC, id);
  CREATE INDEX orders_by_return ON orders (return_state, placed_at DESC, id);
  CREATE INDEX orders_by_email ON orders (email_key, placed_at DESC, id);
  CREATE INDEX orders_by_uid ON orders (uid, placed_at DESC, id);
  `,
  // 18. "More like this" (CatalogPages.listNearestInPrice): a type's
  // products by price, each side of one price read in order (up: price
  // then id; down: price descending, then id).
  `
  CREATE INDEX products_by_type_price ON products (type, price_cents, id);
  CREATE INDEX products_by_type_price_down ON products (type, price_cents DESC, id);
  `,
  // 19. "Name A–Z" (CatalogSort name-asc): each product's name key, the
  // name with accents and case set aside (../rules/catalog-order.ts
  // nameSortKey), which SQL's lower() cannot make (it folds ASCII only): so
  // this step is code. Every product write sets the key from then on.
  (db) => {
    db.exec("ALTER TABLE products ADD COLUMN name_key TEXT NOT NULL DEFAULT ''");
    const set = db.prepare<[string, string]>("UPDATE products SET name_key = ? WHERE id = ?");
    for (const row of db.prepare<[], { id: string; name: string }>("SELECT id, name FROM products").all()) {
      set.run(nameSortKey(row.name), row.id);
    }
    db.exec("CREATE INDEX products_by_type_name ON products (type, name_key, id)");
  },
  // 20. "In stock only" (CatalogFilter.inStockOnly): each product's flag,
  // 1 unless its tracked stock is 0 or less (../rules/stock-shown.ts
  // isInStock), kept by every stock write that crosses zero (orders.ts), and
  // a type's products in stock in each order on an index of their own.
  `
  ALTER TABLE products ADD COLUMN in_stock INTEGER NOT NULL DEFAULT 1 CHECK (in_stock IN (0, 1));
  UPDATE products SET in_stock = 0 WHERE id IN (SELECT product_id FROM product_stock WHERE count <= 0);
  CREATE INDEX products_by_type_stock_newest ON products (type, in_stock, created_at DESC, id);
  CREATE INDEX products_by_type_stock_price ON products (type, in_stock, price_cents, id);
  CREATE INDEX products_by_type_stock_price_down ON products (type, in_stock, price_cents DESC, id);
  CREATE INDEX products_by_type_stock_name ON products (type, in_stock, name_key, id);
  `,
  // 21. Account emails and account-wide sign-outs. The outbox takes emails
  // about no order (an account's password reset: order_id NULL); a column's
  // NOT NULL cannot be dropped, so the table is rebuilt, its rows kept. And
  // each account's cut-off (SessionStore.endAccountSessions): its sessions
  // signed in before ended_before are over; expired rows are purged on write.
  `
  CREATE TABLE outbox_rebuilt (
    id           TEXT PRIMARY KEY,
    order_id     TEXT,
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
  INSERT INTO outbox_rebuilt SELECT id, order_id, message_id, to_address, subject, text, state, attempts, due_at, leased_until,
    last_error, created_at, seq FROM outbox;
  DROP TABLE outbox;
  ALTER TABLE outbox_rebuilt RENAME TO outbox;
  CREATE INDEX outbox_by_due ON outbox (state, due_at);
  CREATE INDEX outbox_by_order ON outbox (order_id, created_at, seq);

  CREATE TABLE account_session_cutoffs (
    uid          TEXT PRIMARY KEY,
    ended_before INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX account_session_cutoffs_by_expiry ON account_session_cutoffs (expires_at);
  `,
  // 22. Accounts' address books (../contract/address-book.ts): one row per
  // account that saved any, its book as JSON (../rules/address-book.ts).
  `
  CREATE TABLE address_books (
    uid  TEXT PRIMARY KEY,
    book TEXT NOT NULL CHECK (json_valid(book))
  ) STRICT;
  `,
  // 23. A product's images, in order, each with its alt text (../contract/catalog.ts
  // productImagesSchema), as JSON: its one image before read as the first, its
  // name as that image's alt text, as the product's pages showed it.
  `
  ALTER TABLE products ADD COLUMN images TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(images));
  UPDATE products SET images = json_array(json_object('src', image, 'alt', name));
  ALTER TABLE products DROP COLUMN image;
  `,
  // 24. The dashboard's sales figures (../contract/sales.ts): per UTC day and
  // quarter hour, and per day and product, kept by every order write
  // (orders.ts); every order placed before counted here once, in this
  // migration's transaction. Low stock read on an index of the counts.
  (db) => {
    db.exec(`
      CREATE TABLE sales_slots (
        day            TEXT NOT NULL,
        slot           INTEGER NOT NULL CHECK (slot BETWEEN 0 AND 95),
        orders         INTEGER NOT NULL,
        paid_orders    INTEGER NOT NULL,
        sales_cents    INTEGER NOT NULL,
        tax_cents      INTEGER NOT NULL,
        shipping_cents INTEGER NOT NULL,
        refunded_cents INTEGER NOT NULL,
        PRIMARY KEY (day, slot)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE sales_products (
        day         TEXT NOT NULL,
        product_id  TEXT NOT NULL,
        name        TEXT NOT NULL,
        units       INTEGER NOT NULL,
        goods_cents INTEGER NOT NULL,
        PRIMARY KEY (day, product_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX product_stock_by_count ON product_stock (count, product_id);
    `);
    const add = addSalesChange(db); // all(), not iterate(): better-sqlite3 runs no write while a read iterates
    for (const row of db.prepare<[], OrderRow>("SELECT * FROM orders").all()) add(salesChange(null, toOrder(row)));
  },
];
