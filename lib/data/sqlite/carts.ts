/**
 * Carts on SQLite: one row per owner and product. Every multi-step write is
 * one IMMEDIATE transaction, which takes the write lock up front and so also
 * serialises writers from other processes. Arguments arrive parsed
 * (validating-store.ts).
 */
import { copiedDetails } from "../cart-bounds";
import { StoreError } from "../errors";
import { Fanout } from "../feed";
import type { CartItem, CartOwner, CartStore } from "../types";
import { LIMITS } from "../validation";
import type { SqliteContext } from "./context";
import { toCartItem, type CartRow, type ProductRow } from "./rows";

export function sqliteCarts({ db, run, onClose, cartClock }: SqliteContext): CartStore {
  const sql = {
    product: db.prepare<[string], ProductRow>("SELECT * FROM products WHERE id = ?"),
    cart: db.prepare<[string], CartRow>("SELECT * FROM cart_items WHERE owner = ? ORDER BY added_at ASC, product_id ASC"),
    cartExists: db.prepare<[string], { one: number }>("SELECT 1 AS one FROM cart_items WHERE owner = ? LIMIT 1"),
    cartLine: db.prepare<[string, string], CartRow>("SELECT * FROM cart_items WHERE owner = ? AND product_id = ?"),
    insertLine: db.prepare(
      `INSERT INTO cart_items (owner, product_id, name, price_cents, image, details, quantity, added_at)
       VALUES (@owner, @product_id, @name, @price_cents, @image, @details, @quantity, @added_at)`,
    ),
    setQuantity: db.prepare("UPDATE cart_items SET quantity = ? WHERE owner = ? AND product_id = ?"),
    deleteLine: db.prepare("DELETE FROM cart_items WHERE owner = ? AND product_id = ?"),
    deleteCart: db.prepare("DELETE FROM cart_items WHERE owner = ?"),
  };

  const cartFeed = new Fanout<CartOwner, CartItem[]>();
  onClose(() => cartFeed.clear());
  const readCart = (owner: CartOwner) => sql.cart.all(owner).map(toCartItem);
  const notifyCart = (owner: CartOwner) => {
    if (cartFeed.has(owner)) cartFeed.emit(owner, readCart(owner));
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
      details: copiedDetails(product.details),
      quantity,
      added_at: cartClock(),
    };
    sql.insertLine.run({ owner, ...row });
    return { item: toCartItem(row), created: true };
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
    listCart: (owner) => run(() => readCart(owner)),

    hasCart: (owner) => run(() => sql.cartExists.get(owner) !== undefined),

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
        const removed = sql.deleteLine.run(owner, productId).changes > 0;
        if (removed) notifyCart(owner);
        return removed;
      }),

    mergeCarts: (from, into) =>
      run(() => {
        if (from === into) return readCart(into);
        mergeTx.immediate(from, into);
        notifyCart(from);
        notifyCart(into);
        return readCart(into);
      }),

    watchCart: (owner, onChange) => cartFeed.subscribe(owner, onChange),
  };
}
