/**
 * Carts on SQLite: one row per owner and product. Every write is one
 * IMMEDIATE transaction, which takes the write lock up front and so also
 * serialises writers from other processes. Arguments arrive parsed
 * (validating-store.ts).
 *
 * A guest's lines expire (cart-bounds.ts): reads leave out a line past its
 * expires_at, and every cart write first sweeps the expired lines of every
 * cart (sweep below), then restamps the lines of the cart it changed.
 */
import { cartFullError, lineExpiry, lineFullError, newCartLine } from "../rules/cart-bounds";
import { planMerge } from "../rules/cart-merge-plan";
import { StoreError } from "../contract/errors";
import { Fanout } from "../feed";
import type { CartItem, CartOwner, CartStore } from "../contract/cart";
import { LIMITS } from "../contract/limits";
import type { SqliteContext } from "./context";
import { toCartItem, toCartRow, toProduct, type CartRow, type ProductRow } from "./rows";

/** The rows of lines not yet expired at the statement's last parameter. */
const LIVE = "(expires_at IS NULL OR expires_at > ?)";

/** The carts, and `notifyCart`, which tells a cart's watchers of a change made elsewhere (an order emptying it). */
export function sqliteCarts({ db, run, onClose, cartClock }: SqliteContext): CartStore & { notifyCart(owner: CartOwner): void } {
  const sql = {
    product: db.prepare<[string], ProductRow>("SELECT * FROM products WHERE id = ?"),
    cart: db.prepare<[string, number], CartRow>(
      `SELECT * FROM cart_items WHERE owner = ? AND ${LIVE} ORDER BY added_at ASC, product_id ASC`,
    ),
    cartExists: db.prepare<[string, number], { one: number }>(`SELECT 1 AS one FROM cart_items WHERE owner = ? AND ${LIVE} LIMIT 1`),
    cartLine: db.prepare<[string, string, number], CartRow>(`SELECT * FROM cart_items WHERE owner = ? AND product_id = ? AND ${LIVE}`),
    lineCount: db.prepare<[string, number], { lines: number }>(`SELECT COUNT(*) AS lines FROM cart_items WHERE owner = ? AND ${LIVE}`),
    insertLine: db.prepare(
      `INSERT INTO cart_items (owner, product_id, name, price_cents, image, details, quantity, added_at, expires_at)
       VALUES (@owner, @product_id, @name, @price_cents, @image, @details, @quantity, @added_at, @expires_at)`,
    ),
    setQuantity: db.prepare("UPDATE cart_items SET quantity = ? WHERE owner = ? AND product_id = ?"),
    deleteLine: db.prepare("DELETE FROM cart_items WHERE owner = ? AND product_id = ?"),
    deleteCart: db.prepare("DELETE FROM cart_items WHERE owner = ?"),
    // Rows that already carry the new expiry (a line the change just wrote) are left alone.
    restamp: db.prepare("UPDATE cart_items SET expires_at = @expiry WHERE owner = @owner AND expires_at IS NOT @expiry"),
    sweep: db.prepare("DELETE FROM cart_items WHERE expires_at <= ?"),
  };

  const cartFeed = new Fanout<CartOwner, CartItem[]>();
  onClose(() => cartFeed.clear());
  const readCart = (owner: CartOwner) => sql.cart.all(owner, cartClock()).map(toCartItem);
  const notifyCart = (owner: CartOwner) => {
    if (cartFeed.has(owner)) cartFeed.emit(owner, readCart(owner));
  };

  // Cart writes are where the table grows, so each one starts by deleting the
  // lines that have expired, inside its own transaction (the write lock is
  // already held): one probe of the partial expiry index when none has, so
  // the table holds only live lines and a few not yet swept.
  const sweep = (at: number) => sql.sweep.run(at);
  /** After a change to `owner`'s cart at `at`: a guest's lines all take the new expiry. */
  const restamp = (owner: CartOwner, at: number) => {
    const expiry = lineExpiry(owner, at);
    if (expiry !== null) sql.restamp.run({ expiry, owner });
  };

  const addToLineTx = db.transaction((owner: CartOwner, productId: string, quantity: number) => {
    const at = cartClock();
    sweep(at);
    const product = sql.product.get(productId);
    if (!product) throw new StoreError("not_found", `No product with id ${productId}`);
    const line = sql.cartLine.get(owner, productId, at);
    let result: { item: CartItem; created: boolean };
    if (line) {
      const next = line.quantity + quantity;
      if (next > LIMITS.lineQuantityMax) throw lineFullError();
      sql.setQuantity.run(next, owner, productId);
      result = { item: { ...toCartItem(line), quantity: next, expiresAt: lineExpiry(owner, at) }, created: false };
    } else {
      // Counted inside the IMMEDIATE transaction: no other writer can add a line in between.
      if (sql.lineCount.get(owner, at)!.lines >= LIMITS.cartLinesMax) throw cartFullError();
      const item = newCartLine(owner, toProduct(product), quantity, at);
      sql.insertLine.run({ owner, ...toCartRow(item) });
      result = { item, created: true };
    }
    restamp(owner, at);
    return result;
  });

  const setLineTx = db.transaction((owner: CartOwner, productId: string, quantity: number) => {
    const at = cartClock();
    sweep(at);
    if (!sql.product.get(productId)) throw new StoreError("not_found", `No product with id ${productId}`);
    const line = sql.cartLine.get(owner, productId, at);
    if (!line) return null;
    sql.setQuantity.run(quantity, owner, productId);
    restamp(owner, at);
    return { ...toCartItem(line), quantity, expiresAt: lineExpiry(owner, at) };
  });

  const removeTx = db.transaction((owner: CartOwner, productId: string) => {
    const at = cartClock();
    sweep(at);
    const removed = sql.deleteLine.run(owner, productId).changes > 0;
    if (removed) restamp(owner, at);
    return removed;
  });

  const mergeTx = db.transaction((from: CartOwner, into: CartOwner) => {
    const at = cartClock();
    sweep(at);
    const moving = sql.cart.all(from, at).map(toCartItem);
    if (moving.length === 0) return [];
    const existing = new Map<string, CartRow>();
    for (const line of moving) {
      const row = sql.cartLine.get(into, line.productId, at);
      if (row) existing.set(line.productId, row);
    }
    const plan = planMerge(moving, (id) => existing.has(id), sql.lineCount.get(into, at)!.lines);
    for (const line of plan.join) {
      // Quantities add; a merge never fails a sign-in, so it caps instead of refusing.
      const quantity = Math.min(existing.get(line.productId)!.quantity + line.quantity, LIMITS.lineQuantityMax);
      sql.setQuantity.run(quantity, into, line.productId);
    }
    for (const line of plan.add) sql.insertLine.run({ owner: into, ...toCartRow({ ...line, expiresAt: lineExpiry(into, at) }) });
    sql.deleteCart.run(from);
    restamp(into, at);
    return plan.dropped;
  });

  return {
    listCart: (owner) => run(() => readCart(owner)),

    hasCart: (owner) => run(() => sql.cartExists.get(owner, cartClock()) !== undefined),

    addToLine: (owner, productId, quantity = 1) =>
      run(() => {
        const result = addToLineTx.immediate(owner, productId, quantity);
        notifyCart(owner);
        return result;
      }),

    setLineQuantity: (owner, productId, quantity) =>
      run(() => {
        const item = setLineTx.immediate(owner, productId, quantity);
        if (item) notifyCart(owner);
        return item;
      }),

    removeLine: (owner, productId) =>
      run(() => {
        const removed = removeTx.immediate(owner, productId);
        if (removed) notifyCart(owner);
        return removed;
      }),

    mergeCarts: (from, into) =>
      run(() => {
        if (from === into) return { items: readCart(into), dropped: [] };
        const dropped = mergeTx.immediate(from, into);
        notifyCart(from);
        notifyCart(into);
        return { items: readCart(into), dropped };
      }),

    watchCart: (owner, onChange) => cartFeed.subscribe(owner, onChange),
    notifyCart,
  };
}
