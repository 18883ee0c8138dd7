/**
 * The embedded default: one SQLite file in WAL mode through better-sqlite3.
 * better-sqlite3 is synchronous, so every multi-step write is one IMMEDIATE
 * transaction: it takes the write lock up front, which also serialises writers
 * from other processes (seed script, a second server) without deadlocks.
 */
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { StoreError } from "../errors";
import { Fanout } from "../feed";
import { newId } from "../ids";
import { productFields } from "../product-fields";
import { toCents } from "../money";
import { matchesQuery } from "../search";
import type { CartItem, CartOwner, NewProduct, NewUserProfile, Product, ProductChange, ProductType, Store } from "../types";
import {
  LIMITS,
  addQuantitySchema,
  changedBySchema,
  idSchema,
  lineQuantitySchema,
  listLimitSchema,
  newProductSchema,
  newUserSchema,
  ownerSchema,
  parseOrThrow,
  productSchema,
  productTypeSchema,
  revisionSchema,
  revocationExpirySchema,
  searchQuerySchema,
  sessionIdSchema,
} from "../validation";
import { watchSqliteCatalog } from "./catalog-watch";
import { migrate } from "./migrations";
import {
  toCartItem,
  toProduct,
  toProductChange,
  toUser,
  type CartRow,
  type ProductChangeRow,
  type ProductRow,
  type UserRow,
} from "./rows";

export function openSqliteStore(path: string): Store {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  // FULL: a commit is fsynced before it is acknowledged, so an acknowledged
  // cart write survives even a power cut, not only a killed process.
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  migrate(db);

  const sql = {
    allProducts: db.prepare<[], ProductRow>("SELECT * FROM products ORDER BY created_at DESC, id ASC"),
    product: db.prepare<[string], ProductRow>("SELECT * FROM products WHERE id = ?"),
    productsByType: db.prepare<[string, number], ProductRow>(
      "SELECT * FROM products WHERE type = ? ORDER BY created_at DESC, id ASC LIMIT ?",
    ),
    insertProduct: db.prepare(
      `INSERT INTO products (id, name, image, price_cents, details, type, created_at)
       VALUES (@id, @name, @image, @price_cents, @details, @type, @created_at)`,
    ),
    upsertProduct: db.prepare(
      `INSERT INTO products (id, name, image, price_cents, details, type, created_at)
       VALUES (@id, @name, @image, @price_cents, @details, @type, @created_at)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, image = excluded.image,
         price_cents = excluded.price_cents, details = excluded.details, type = excluded.type,
         created_at = excluded.created_at, revision = products.revision + 1`,
    ),
    updateProduct: db.prepare(
      `UPDATE products SET name = @name, image = @image, price_cents = @price_cents, details = @details,
         type = @type, revision = revision + 1 WHERE id = @id`,
    ),
    deleteProduct: db.prepare("DELETE FROM products WHERE id = ?"),
    insertChange: db.prepare(
      `INSERT INTO product_changes (product_id, at, by, action, before, after)
       VALUES (@product_id, @at, @by, @action, @before, @after)`,
    ),
    changes: db.prepare<[string, number], ProductChangeRow>(
      "SELECT * FROM product_changes WHERE product_id = ? ORDER BY seq DESC LIMIT ?",
    ),
    cart: db.prepare<[string], CartRow>("SELECT * FROM cart_items WHERE owner = ? ORDER BY added_at ASC, product_id ASC"),
    cartExists: db.prepare<[string], { one: number }>("SELECT 1 AS one FROM cart_items WHERE owner = ? LIMIT 1"),
    ping: db.prepare<[], { one: number }>("SELECT 1 AS one FROM products LIMIT 1"),
    cartLine: db.prepare<[string, string], CartRow>("SELECT * FROM cart_items WHERE owner = ? AND product_id = ?"),
    insertLine: db.prepare(
      `INSERT INTO cart_items (owner, product_id, name, price_cents, image, details, quantity, added_at)
       VALUES (@owner, @product_id, @name, @price_cents, @image, @details, @quantity, @added_at)`,
    ),
    setQuantity: db.prepare("UPDATE cart_items SET quantity = ? WHERE owner = ? AND product_id = ?"),
    deleteLine: db.prepare("DELETE FROM cart_items WHERE owner = ? AND product_id = ?"),
    deleteCart: db.prepare("DELETE FROM cart_items WHERE owner = ?"),
    user: db.prepare<[string], UserRow>("SELECT * FROM users WHERE uid = ?"),
    insertUser: db.prepare(
      "INSERT OR IGNORE INTO users (uid, display_name, email, created_at) VALUES (?, ?, ?, ?)",
    ),
    revokeSession: db.prepare(
      `INSERT INTO revoked_sessions (sid, expires_at) VALUES (?, ?)
       ON CONFLICT (sid) DO UPDATE SET expires_at = max(expires_at, excluded.expires_at)`,
    ),
    purgeRevocations: db.prepare("DELETE FROM revoked_sessions WHERE expires_at <= ?"),
    sessionRevoked: db.prepare<[string, number], { one: number }>(
      "SELECT 1 AS one FROM revoked_sessions WHERE sid = ? AND expires_at > ?",
    ),
  };

  const cartFeed = new Fanout<CartOwner, CartItem[]>();
  const catalogWatch = watchSqliteCatalog(db);
  let closed = false;

  const readCart = (owner: CartOwner) => sql.cart.all(owner).map(toCartItem);
  const notifyCart = (owner: CartOwner) => {
    if (cartFeed.has(owner)) cartFeed.emit(owner, readCart(owner));
  };
  const notifyCatalog = () => catalogWatch.announceLocalWrite();
  const productRow = (p: Product) => ({
    id: p.id,
    name: p.name,
    image: p.image,
    price_cents: toCents(p.price),
    details: p.details,
    type: p.type,
    created_at: p.createdAt,
  });
  const recordChange = (change: ProductChange) =>
    sql.insertChange.run({
      product_id: change.productId,
      at: change.at,
      by: change.by,
      action: change.action,
      before: change.before === null ? null : JSON.stringify(change.before),
      after: change.after === null ? null : JSON.stringify(change.after),
    });
  const ensureOpen = () => {
    if (closed) throw new StoreError("unavailable", "The store is closed");
  };

  // Every method is async to honour the contract, and wraps its body so that
  // a synchronous throw becomes a rejected promise like the Firestore adapter's.
  // Our own StoreErrors pass; anything SQLite throws (SQLITE_BUSY once
  // busy_timeout is spent, a full disk, an I/O error) is unavailable, as on
  // Firestore, with the original kept as cause.
  const run = async <T>(body: () => T): Promise<T> => {
    ensureOpen();
    try {
      return body();
    } catch (error) {
      if (error instanceof StoreError) throw error;
      throw new StoreError("unavailable", `SQLite failed (${(error as Error).message})`, {}, { cause: error });
    }
  };

  const addToLineTx = db.transaction((owner: CartOwner, productId: string, quantity: number) => {
    const product = sql.product.get(productId);
    if (!product) throw new StoreError("not_found", `No product with id ${productId}`);
    const line = sql.cartLine.get(owner, productId);
    if (line) {
      const next = line.quantity + quantity;
      if (next > LIMITS.lineQuantityMax) {
        throw new StoreError("limit_exceeded", `A cart line holds at most ${LIMITS.lineQuantityMax} units`);
      }
      sql.setQuantity.run(next, owner, productId);
      return { item: toCartItem({ ...line, quantity: next }), created: false };
    }
    const row: CartRow = {
      product_id: product.id,
      name: product.name,
      price_cents: product.price_cents,
      image: product.image,
      details: product.details,
      quantity,
      added_at: Date.now(),
    };
    sql.insertLine.run({ owner, ...row });
    return { item: toCartItem(row), created: true };
  });

  /** The product at `expected`, or the error saying why not (the edit's precondition). */
  const productAtRevision = (id: string, expected: number): ProductRow => {
    const row = sql.product.get(id);
    if (!row) throw new StoreError("not_found", `No product with id ${id}`);
    if (row.revision !== expected) {
      throw new StoreError("conflict", `Product ${id} is at revision ${row.revision}, not ${expected}`);
    }
    return row;
  };

  const updateProductTx = db.transaction((id: string, input: NewProduct, expected: number, by: string) => {
    const before = toProduct(productAtRevision(id, expected));
    sql.updateProduct.run(productRow({ ...input, id, createdAt: before.createdAt }));
    const after = sql.product.get(id)!;
    recordChange({ productId: id, at: Date.now(), by, action: "update", before: productFields(before), after: productFields(input) });
    return { product: toProduct(after), revision: after.revision };
  });

  const deleteProductTx = db.transaction((id: string, expected: number, by: string) => {
    const before = toProduct(productAtRevision(id, expected));
    sql.deleteProduct.run(id);
    recordChange({ productId: id, at: Date.now(), by, action: "delete", before: productFields(before), after: null });
  });

  const setLineTx = db.transaction((owner: CartOwner, productId: string, quantity: number) => {
    if (!sql.product.get(productId)) throw new StoreError("not_found", `No product with id ${productId}`);
    const line = sql.cartLine.get(owner, productId);
    if (!line) return null;
    sql.setQuantity.run(quantity, owner, productId);
    return toCartItem({ ...line, quantity });
  });

  const mergeTx = db.transaction((from: CartOwner, into: CartOwner) => {
    for (const line of sql.cart.all(from)) {
      const existing = sql.cartLine.get(into, line.product_id);
      if (existing) {
        // Quantities add; a merge never fails a sign-in, so it caps instead of refusing.
        const quantity = Math.min(existing.quantity + line.quantity, LIMITS.lineQuantityMax);
        sql.setQuantity.run(quantity, into, line.product_id);
      } else {
        sql.insertLine.run({ ...line, owner: into });
      }
    }
    sql.deleteCart.run(from);
  });

  return {
    kind: "sqlite",

    listProducts: () => run(() => sql.allProducts.all().map(toProduct)),

    // Bumped by a trigger on every products write, from any connection (migration 3).
    getCatalogVersion: () => run(() => catalogWatch.version()),

    getProduct: (id) =>
      run(() => {
        const row = sql.product.get(parseOrThrow(idSchema, id, "product id"));
        return row ? toProduct(row) : null;
      }),

    listProductsByType: (type: ProductType, limit: number) =>
      run(() => {
        const validType = parseOrThrow(productTypeSchema, type, "product type");
        const validLimit = parseOrThrow(listLimitSchema, limit, "limit");
        return sql.productsByType.all(validType, validLimit).map(toProduct);
      }),

    searchProducts: (query, limit) =>
      run(() => {
        const q = parseOrThrow(searchQuerySchema, query, "search");
        const validLimit = parseOrThrow(listLimitSchema, limit, "limit");
        return sql.allProducts
          .all()
          .map(toProduct)
          .filter((p) => matchesQuery(p, q))
          .slice(0, validLimit);
      }),

    addProduct: (input: NewProduct, by?: string) =>
      run(() => {
        const valid = parseOrThrow(newProductSchema, input, "product");
        const who = by === undefined ? undefined : parseOrThrow(changedBySchema, by, "who made the change");
        const product: Product = { ...valid, id: newId(), createdAt: Date.now() };
        db.transaction(() => {
          sql.insertProduct.run(productRow(product));
          if (who !== undefined) {
            recordChange({ productId: product.id, at: product.createdAt, by: who, action: "create", before: null, after: productFields(valid) });
          }
        }).immediate();
        notifyCatalog();
        return product;
      }),

    getProductRevision: (id) =>
      run(() => {
        const row = sql.product.get(parseOrThrow(idSchema, id, "product id"));
        return row ? { product: toProduct(row), revision: row.revision } : null;
      }),

    updateProduct: (id, input, expectedRevision, by) =>
      run(() => {
        const validId = parseOrThrow(idSchema, id, "product id");
        const valid = parseOrThrow(newProductSchema, input, "product");
        const expected = parseOrThrow(revisionSchema, expectedRevision, "revision");
        const who = parseOrThrow(changedBySchema, by, "who made the change");
        const result = updateProductTx.immediate(validId, valid, expected, who);
        notifyCatalog();
        return result;
      }),

    deleteProduct: (id, expectedRevision, by) =>
      run(() => {
        const validId = parseOrThrow(idSchema, id, "product id");
        const expected = parseOrThrow(revisionSchema, expectedRevision, "revision");
        const who = parseOrThrow(changedBySchema, by, "who made the change");
        deleteProductTx.immediate(validId, expected, who);
        notifyCatalog();
      }),

    listProductChanges: (id, limit) =>
      run(() => {
        const validId = parseOrThrow(idSchema, id, "product id");
        const validLimit = parseOrThrow(listLimitSchema, limit, "limit");
        return sql.changes.all(validId, validLimit).map(toProductChange);
      }),

    upsertProducts: (products) =>
      run(() => {
        if (!Array.isArray(products) || products.length > LIMITS.batchMax) {
          throw new StoreError("invalid_input", `Upsert takes an array of at most ${LIMITS.batchMax} products`);
        }
        const valid = products.map((p, i) => parseOrThrow(productSchema, p, `product ${i + 1}`));
        db.transaction(() => valid.forEach((p) => sql.upsertProduct.run(productRow(p)))).immediate();
        if (valid.length > 0) notifyCatalog();
      }),

    listCart: (owner) => run(() => readCart(parseOrThrow(ownerSchema, owner, "cart owner"))),

    hasCart: (owner) => run(() => sql.cartExists.get(parseOrThrow(ownerSchema, owner, "cart owner")) !== undefined),

    addToLine: (owner, productId, quantity = 1) =>
      run(() => {
        const o = parseOrThrow(ownerSchema, owner, "cart owner");
        const id = parseOrThrow(idSchema, productId, "product id");
        const q = parseOrThrow(addQuantitySchema, quantity, "quantity");
        const result = addToLineTx.immediate(o, id, q);
        notifyCart(o);
        return result;
      }),

    setLineQuantity: (owner, productId, quantity) =>
      run(() => {
        const o = parseOrThrow(ownerSchema, owner, "cart owner");
        const id = parseOrThrow(idSchema, productId, "product id");
        const q = parseOrThrow(lineQuantitySchema, quantity, "quantity");
        const item = setLineTx.immediate(o, id, q);
        if (item) notifyCart(o);
        return item;
      }),

    removeLine: (owner, productId) =>
      run(() => {
        const o = parseOrThrow(ownerSchema, owner, "cart owner");
        const id = parseOrThrow(idSchema, productId, "product id");
        const removed = sql.deleteLine.run(o, id).changes > 0;
        if (removed) notifyCart(o);
        return removed;
      }),

    mergeCarts: (from, into) =>
      run(() => {
        const f = parseOrThrow(ownerSchema, from, "cart owner");
        const t = parseOrThrow(ownerSchema, into, "cart owner");
        if (f === t) return readCart(t);
        mergeTx.immediate(f, t);
        notifyCart(f);
        notifyCart(t);
        return readCart(t);
      }),

    getUser: (uid) =>
      run(() => {
        const row = sql.user.get(parseOrThrow(idSchema, uid, "user id"));
        return row ? toUser(row) : null;
      }),

    createUserIfMissing: (uid, input: NewUserProfile) =>
      run(() => {
        const id = parseOrThrow(idSchema, uid, "user id");
        const valid = parseOrThrow(newUserSchema, input, "user");
        const created = sql.insertUser.run(id, valid.displayName, valid.email, Date.now()).changes > 0;
        return { user: toUser(sql.user.get(id)!), created };
      }),

    revokeSession: (sid, expiresAt) =>
      run(() => {
        const id = parseOrThrow(sessionIdSchema, sid, "session id");
        const until = parseOrThrow(revocationExpirySchema, expiresAt, "expiry");
        // Sign-outs are rare, so each one also sweeps the expired rows: the
        // table holds only sessions that could still be presented.
        db.transaction(() => {
          sql.purgeRevocations.run(Date.now());
          sql.revokeSession.run(id, until);
        }).immediate();
      }),

    isSessionRevoked: (sid) =>
      run(() => sql.sessionRevoked.get(parseOrThrow(sessionIdSchema, sid, "session id"), Date.now()) !== undefined),

    // Reads the file (at most one row), so a broken database shows.
    ping: () =>
      run(() => {
        sql.ping.get();
      }),

    watchCart: (owner, onChange) => cartFeed.subscribe(parseOrThrow(ownerSchema, owner, "cart owner"), onChange),

    watchCatalog: (onChange) => catalogWatch.subscribe(onChange),

    close: async () => {
      if (closed) return;
      closed = true;
      cartFeed.clear();
      catalogWatch.close();
      db.close();
    },
  };
}
