/**
 * Orders and stock on SQLite (../contract/order-store.ts). Placing an order and taking a
 * step are each one IMMEDIATE transaction: the write lock is taken before
 * the cart, products and stock are read, so two placements of the last unit
 * run one after the other and the second sees it gone. A write that changes
 * some product's shown stock records a stock notice in its own transaction
 * (stock-notices.ts). The rules are ../rules/order-rules.ts' and order-steps.ts'; this reads and
 * writes. Arguments arrive parsed (validating-store.ts).
 */
import { StoreError } from "../contract/errors";
import {
  REFERENCE_ATTEMPTS,
  confirmationMessageId,
  emailKey,
  erasedOrder,
  newOrder,
  newOrderId,
  newReference,
  placementRefusals,
  referenceKey,
  referenceTakenError,
  refusalError,
  stepMessageId,
} from "../rules/order-rules";
import { applyStep } from "../rules/order-steps";
import { salesChange } from "../rules/sales-figures";
import { addSalesChange } from "./sales-rows";
import { NEWEST, orderLister } from "./order-list";
import type { Order, PlaceOrderInput, StepInput } from "../contract/orders";
import type { OrderStore, PlaceOrderResult, StockCount, StockStore } from "../contract/order-store";
import { shownStockChanges, stockAfterMoving, stockAfterTaking } from "../rules/stock-notices";
import { inStockFlips, isInStock } from "../rules/stock-shown";
import type { CartOwner } from "../contract/cart";
import type { Product } from "../contract/catalog";
import type { SqliteContext } from "./context";
import { toOrder, toOrderRow, type OrderRow } from "./order-rows";
import { outboxWriter } from "./outbox";
import { toCartItem, toProduct, type CartRow, type ProductRow } from "./rows";
import { PAYMENT_SETTING } from "./payment-settings";
import { settingReader } from "./settings";
import { SHIPPING_SETTING } from "./shipping";
import { discountReader, discountWriter } from "./discounts";
import { sqliteStockNotices } from "./stock-notices";

const ORDER_COLUMNS = [
  "id",
  "reference",
  "reference_key",
  "owner",
  "uid",
  "guest_token_hash",
  "guest_link_hashes",
  "lines",
  "subtotal_cents",
  "shipping_cents",
  "shipping_zone",
  "tax_cents",
  "tax_rate",
  "discount_code",
  "discount_cents",
  "total_cents",
  "contact",
  "email_key",
  "address",
  "fulfilment",
  "payment",
  "payment_method",
  "card_session",
  "card_refunds",
  "tracking_number",
  "return_state",
  "return_reason",
  "placed_at",
  "delivered_at",
  "revision",
  "history",
  "erased_at",
] as const;

export function sqliteOrders(
  { db, run, cartClock, onClose }: SqliteContext,
  notifyCart: (owner: CartOwner) => void,
): Omit<OrderStore, "watchNewOrders" | "addOrderLink" | "watchOrder" | "setCardSession"> & StockStore {
  const sql = {
    cart: db.prepare<[string, number], CartRow>(
      "SELECT * FROM cart_items WHERE owner = ? AND (expires_at IS NULL OR expires_at > ?) ORDER BY added_at ASC, product_id ASC",
    ),
    deleteCart: db.prepare("DELETE FROM cart_items WHERE owner = ?"),
    product: db.prepare<[string], ProductRow>("SELECT * FROM products WHERE id = ?"),
    stock: db.prepare<[string], { count: number }>("SELECT count FROM product_stock WHERE product_id = ?"),
    setStock: db.prepare(
      "INSERT INTO product_stock (product_id, count) VALUES (?, ?) ON CONFLICT (product_id) DO UPDATE SET count = excluded.count",
    ),
    dropStock: db.prepare("DELETE FROM product_stock WHERE product_id = ?"),
    writeStock: db.prepare("UPDATE product_stock SET count = ? WHERE product_id = ?"),
    setInStock: db.prepare<[number, string]>("UPDATE products SET in_stock = ? WHERE id = ?"),
    key: db.prepare<[string, string], { order_id: string }>("SELECT order_id FROM order_keys WHERE owner = ? AND key = ?"),
    insertKey: db.prepare("INSERT INTO order_keys (owner, key, order_id) VALUES (?, ?, ?)"),
    order: db.prepare<[string], OrderRow>("SELECT * FROM orders WHERE id = ?"),
    byReference: db.prepare<[string], OrderRow>("SELECT * FROM orders WHERE reference_key = ?"),
    referenceUsed: db.prepare<[string], { one: number }>("SELECT 1 AS one FROM orders WHERE reference_key = ?"),
    insertOrder: db.prepare(`INSERT INTO orders (${ORDER_COLUMNS.join(", ")}) VALUES (${ORDER_COLUMNS.map((c) => `@${c}`).join(", ")})`),
    replaceOrder: db.prepare(
      `UPDATE orders SET ${ORDER_COLUMNS.filter((c) => c !== "id")
        .map((c) => `${c} = @${c}`)
        .join(", ")} WHERE id = @id`,
    ),
    ofUid: db.prepare<[string, number], OrderRow>(`SELECT * FROM orders WHERE uid = ? ${NEWEST} LIMIT ?`),
    guestOfEmail: db.prepare<[string, number], OrderRow>(`SELECT * FROM orders WHERE uid IS NULL AND email_key = ? ${NEWEST} LIMIT ?`),
    ofEmail: db.prepare<[string], OrderRow>("SELECT * FROM orders WHERE email_key = ?"),
    allOfUid: db.prepare<[string], OrderRow>("SELECT * FROM orders WHERE uid = ? AND erased_at IS NULL"),
    // The right-hand sides read the row as it was: a pending email is failed, never sent.
    eraseEmails: db.prepare(
      `UPDATE outbox SET to_address = 'erased', text = '', leased_until = NULL,
         last_error = CASE WHEN state = 'pending' THEN 'customer erased' ELSE last_error END,
         state = CASE WHEN state = 'pending' THEN 'failed' ELSE state END
       WHERE order_id = ?`,
    ),
  };
  const writeEmail = outboxWriter(db);
  const addSales = addSalesChange(db);
  const listOrders = orderLister(db);
  const shippingZones = settingReader(db, SHIPPING_SETTING);
  const paymentSettings = settingReader(db, PAYMENT_SETTING);
  const discounts = discountReader(db);
  const countDiscountUse = discountWriter(db);
  const notices = sqliteStockNotices(db);
  onClose(() => notices.close());
  const stockOf = (productId: string): StockCount => sql.stock.get(productId)?.count ?? null;

  /** Sets the in-stock flag of each product of `after` whose stock crossed zero since `before` (a deleted product has no row to set). */
  const flagInStock = (before: ReadonlyMap<string, StockCount>, after: ReadonlyMap<string, StockCount>) => {
    for (const productId of inStockFlips(before, after)) sql.setInStock.run(isInStock(after.get(productId) ?? null) ? 1 : 0, productId);
  };

  /** Writes each tracked product's count of `after` (and its in-stock flag) and records which shown stocks moved from `before`. */
  const writeStock = (before: ReadonlyMap<string, StockCount>, after: ReadonlyMap<string, StockCount>, at: number): string[] => {
    for (const [productId, count] of after) if (count !== null && count !== before.get(productId)) sql.writeStock.run(count, productId);
    flagInStock(before, after);
    const changed = shownStockChanges(before, after);
    notices.record(changed, at);
    return changed;
  };

  const placeTx = db.transaction((input: PlaceOrderInput): PlaceOrderResult => {
    const known = sql.key.get(input.owner, input.idempotencyKey);
    if (known) return { order: toOrder(sql.order.get(known.order_id)!), created: false, stockShownChanged: [] };
    const at = cartClock();
    const cart = sql.cart.all(input.owner, at).map(toCartItem);
    const products = new Map<string, Product | null>();
    const stock = new Map<string, StockCount>();
    for (const line of cart) {
      const row = sql.product.get(line.productId);
      products.set(line.productId, row ? toProduct(row) : null);
      stock.set(line.productId, stockOf(line.productId));
    }
    const code = input.discountCode;
    const reads = {
      cart,
      products,
      stock,
      zones: shippingZones().value,
      payOnDelivery: paymentSettings().value.payOnDelivery,
      discount: code === null ? null : discounts.discount(code),
      discountUsesByEmail: code === null ? 0 : discounts.usesByEmail(code, input.contact.email),
    };
    const refusals = placementRefusals(input, reads, at);
    if (Object.keys(refusals).length > 0) throw refusalError(refusals);
    let reference: string | null = null;
    for (let i = 0; i < REFERENCE_ATTEMPTS && reference === null; i++) {
      const drawn = newReference();
      if (!sql.referenceUsed.get(referenceKey(drawn))) reference = drawn;
    }
    if (reference === null) throw referenceTakenError();
    const order = newOrder(input, reads, newOrderId(), reference, at);
    sql.insertOrder.run(toOrderRow(order));
    addSales(salesChange(null, order));
    if (code !== null) countDiscountUse(code, input.contact.email, 1);
    const stockShownChanged = writeStock(stock, stockAfterTaking(stock, order.lines), at);
    writeEmail(order.id, confirmationMessageId(order.id), input.confirmation(order), at);
    sql.deleteCart.run(input.owner);
    sql.insertKey.run(input.owner, input.idempotencyKey, order.id);
    return { order, created: true, stockShownChanged };
  });

  const stepTx = db.transaction((orderId: string, input: StepInput): Order => {
    const row = sql.order.get(orderId);
    if (!row) throw new StoreError("not_found", `No order with id ${orderId}`);
    const at = cartClock();
    const before = toOrder(row);
    const { order, restock, discountBack } = applyStep(before, input, at);
    sql.replaceOrder.run(toOrderRow(order));
    addSales(salesChange(before, order));
    if (discountBack) countDiscountUse(discountBack.code, discountBack.email, -1);
    // A product no longer tracked gets nothing back.
    const stock = new Map([...restock.keys()].map((productId): [string, StockCount] => [productId, stockOf(productId)]));
    writeStock(stock, stockAfterMoving(stock, restock), at);
    writeEmail(order.id, stepMessageId(order.id, order.revision), input.email(order), at);
    return order;
  });

  const setStockTx = db.transaction((productId: string, count: StockCount, expected: StockCount) => {
    const current = stockOf(productId);
    if (current !== expected) {
      throw new StoreError("conflict", `The stock changed since (now ${current ?? "not tracked"})`, { stock: "changed" });
    }
    if (count !== null && !sql.product.get(productId)) throw new StoreError("not_found", `No product with id ${productId}`);
    if (count === null) sql.dropStock.run(productId);
    else sql.setStock.run(productId, count);
    flagInStock(new Map([[productId, current]]), new Map([[productId, count]]));
    notices.record(shownStockChanges(new Map([[productId, current]]), new Map([[productId, count]])), cartClock());
  });

  /** Blanks each order's contact and address, and its emails' (one not sent yet is failed); how many. */
  const eraseRows = (rows: OrderRow[]) => {
    const at = cartClock();
    for (const row of rows) {
      sql.replaceOrder.run(toOrderRow(erasedOrder(toOrder(row), at)));
      sql.eraseEmails.run(row.id);
    }
    return rows.length;
  };
  const eraseTx = db.transaction((email: string) => eraseRows(sql.ofEmail.all(emailKey(email))));
  const eraseAccountTx = db.transaction((uid: string) => eraseRows(sql.allOfUid.all(uid)));

  return {
    placeOrder: (input) =>
      run(() => {
        const result = placeTx.immediate(input);
        if (result.created) notifyCart(input.owner);
        if (result.stockShownChanged.length > 0) notices.announceLocalWrite();
        return result;
      }),
    getOrder: (id) =>
      run(() => {
        const row = sql.order.get(id);
        return row ? toOrder(row) : null;
      }),
    getOrderByReference: (reference) =>
      run(() => {
        const row = sql.byReference.get(referenceKey(reference));
        return row ? toOrder(row) : null;
      }),
    listShopperOrders: (uid, verifiedEmail, limit) =>
      run(() => {
        const own = sql.ofUid.all(uid, limit);
        const guests = verifiedEmail === null ? [] : sql.guestOfEmail.all(emailKey(verifiedEmail), limit);
        return [...own, ...guests]
          .sort((a, b) => b.placed_at - a.placed_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
          .slice(0, limit)
          .map(toOrder);
      }),
    listOrders: (filter) => run(() => listOrders(filter)),
    takeOrderStep: (orderId, input) =>
      run(() => {
        const order = stepTx.immediate(orderId, input);
        notices.announceLocalWrite();
        return order;
      }),
    eraseCustomer: (email) => run(() => eraseTx.immediate(email)),
    eraseAccountOrders: (uid) => run(() => eraseAccountTx.immediate(uid)),
    getStock: (productIds) => run(() => new Map(productIds.map((id): [string, StockCount] => [id, stockOf(id)]))),
    setStock: (productId, count, expected) =>
      run(() => {
        setStockTx.immediate(productId, count, expected);
        notices.announceLocalWrite();
      }),
    watchStock: (onChange) => notices.subscribe(onChange),
  };
}
