/**
 * The store's orders and stock (DECISIONS "Orders"): placed atomically from
 * a cart, read by their owner and the desk, moved by steps (the table of
 * order-states.ts), and stock apart from the products, so a sale is never a
 * catalogue change. Every adapter passes tests/store-contract/orders.ts.
 */
import type { Unsubscribe } from "./feeds";
import { idSchema } from "./fields";
import { LIMITS } from "./limits";
import type { OrderListFilter } from "./order-list-filter";
import type { Order, OrderLinkInput, PlaceOrderInput, StepInput } from "./orders";
import { z } from "./zod";

/**
 * Why a line refuses an order (a StoreError "conflict" whose fields are keyed
 * `line:<productId>`, plus `cart` when the cart no longer holds the lines shown):
 * the product was deleted, its price changed, too few are in stock, or the
 * cart's line differs from the one shown.
 */
export type LineRefusal = "deleted" | "price_changed" | "out_of_stock" | "cart_changed";

/**
 * Why the shipping refuses an order (the same conflict's field `shipping`):
 * no zone serves the address, or the zones price it otherwise than the
 * checkout showed (then `shippingCents` is the figure now, in cents, as text).
 */
export type ShippingRefusal = "not_served" | "shipping_changed";

/** The bill's tax is not what the checkout showed (field `tax`; `taxCents` is the figure now, as text). */
export type TaxRefusal = "tax_changed";

/** The order is to be paid on delivery, which the operator has turned off (field `payment`; ./payment-settings.ts). */
export type PaymentRefusal = "pay_on_delivery_off";

export interface PlaceOrderResult {
  order: Order;
  /** false when this owner and idempotency key had already placed it: the same order is returned, nothing written. */
  created: boolean;
  /** The products whose shown stock (rules/stock-shown.ts) this order changed; [] when created is false. */
  stockShownChanged: string[];
}

export interface OrderPage {
  orders: Order[];
  next: string | null;
}

/** A product's stock: a whole count 0..1,000,000, or null when not tracked. */
export const stockCountSchema = z
  .number({ error: "Stock must be a number" })
  .int("Stock must be a whole number")
  .min(0, "Stock must not be negative")
  .max(1_000_000, "Stock must be at most 1,000,000")
  .nullable();
export type StockCount = z.output<typeof stockCountSchema>;

export const stockProductIdsSchema = z
  .array(idSchema, { error: "Product ids must be a list" })
  .max(LIMITS.batchMax, `At most ${LIMITS.batchMax} products`);

export interface OrderStore {
  /**
   * One transaction: re-reads the owner's cart lines, their products and
   * stock, the shipping zones and the pay on delivery switch; refuses (conflict, fields per LineRefusal
   * and ShippingRefusal) when a line was deleted, repriced, out of stock or
   * differs from `lines`, or when no zone serves the address or its shipping
   * is not `shippingCents` (rules/shipping.ts), or its tax not `taxCents`
   * (TaxRefusal, rules/bill.ts), or when it is to be paid on delivery and
   * the operator turned that off (PaymentRefusal); else writes the order,
   * takes the stock, writes the confirmation to the outbox, empties the cart.
   * The same owner and idempotency key return the first order (created false).
   */
  placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult>;
  /** null when no order has that id. */
  getOrder(id: string): Promise<Order | null>;
  /** null when no order has that reference (any case, dashes optional). */
  getOrderByReference(reference: string): Promise<Order | null>;
  /**
   * A shopper's orders, newest first: those placed signed in as `uid`, and,
   * when `verifiedEmail` is given, guest orders placed with that email.
   */
  listShopperOrders(uid: string, verifiedEmail: string | null, limit: number): Promise<Order[]>;
  /** Every order, newest first (placedAt desc, id asc), filtered; pages by cursor. */
  listOrders(filter: OrderListFilter): Promise<OrderPage>;
  /**
   * Takes a step (the table's STEPS) if the order is still at `expectedRevision`
   * and the step is allowed from its state (else conflict, naming why); records
   * it in the history, moves stock for a step that gives it back, writes the
   * email to the outbox; one transaction. not_found for an unknown order.
   */
  takeOrderStep(orderId: string, input: StepInput): Promise<Order>;
  /**
   * Sends a new link to an order ("find my order", lib/orders/find-order.ts):
   * one transaction adds `tokenHash` beside the order's guest token hashes
   * (the checkout's and every earlier one keep opening it; past
   * LIMITS.guestLinksMax the oldest asked for since the checkout is dropped)
   * and writes `email` to the outbox. Neither the order's revision nor its
   * history moves. not_found for an unknown order; conflict when a token is
   * given for an order placed signed in (it opens to its account only).
   */
  addOrderLink(orderId: string, input: OrderLinkInput): Promise<void>;
  /**
   * Remembers the Stripe Checkout Session a card order is paid through now
   * (Order.cardSession; ../rules/card-session.ts): an event of any other
   * session changes nothing. Neither the revision nor the history moves.
   * not_found for an unknown order; conflict unless it is a card order
   * awaiting payment.
   */
  setCardSession(orderId: string, sessionId: string): Promise<void>;
  /**
   * Calls `onRevision` with the order's revision once subscribed (when it
   * exists), then with each new revision a step commits, on any instance,
   * within a few seconds (an order page's live channel follows it:
   * app/orders-page/[id]/events); it may repeat a revision already given.
   * Never called for an unknown order.
   */
  watchOrder(orderId: string, onRevision: (revision: number) => void): Unsubscribe;
  /**
   * Blanks contact and address of every order with this email (figures kept),
   * and their outbox emails' address and text (one not yet sent is failed,
   * never sent); returns how many orders.
   */
  eraseCustomer(email: string): Promise<number>;
  /**
   * Blanks contact and address of every order placed signed in as `uid`
   * (whatever email it carries), and their outbox emails, as eraseCustomer
   * does; orders erased before are left as they are. Returns how many it erased.
   */
  eraseAccountOrders(uid: string): Promise<number>;
  /**
   * Calls `onPlaced` on every instance, with the ids of orders placed
   * anywhere after subscribing (oldest first; an order whose placement was
   * still committing as the subscription began may be among them), each
   * order once per subscription; never for a step, an erasure or a repeated
   * placement (created false). Within a few seconds of the commit: the order
   * desk's live list (app/api/admin/order-events) follows it.
   */
  watchNewOrders(onPlaced: (orderIds: string[]) => void): Unsubscribe;
}

export interface StockStore {
  /** The stock of each product asked for (null: not tracked); one read per product at most. */
  getStock(productIds: string[]): Promise<Map<string, StockCount>>;
  /**
   * The operator's edit: sets a product's stock (null: stop tracking) if it
   * is still `expected`; conflict when it moved since the form opened (a sale).
   * Never a catalogue change.
   */
  setStock(productId: string, count: StockCount, expected: StockCount): Promise<void>;
  /**
   * Calls `onChange` on every instance, once per committed write made
   * anywhere after subscribing (a sale, a cancel or return giving stock back,
   * the operator's setStock) that changed what pages show of some products'
   * stock (stockShownChanged), with those products' ids; never for a write
   * that leaves every shown stock as it was. Never a catalogue change: the
   * catalogue's version does not move.
   */
  watchStock(onChange: (productIds: string[]) => void): Unsubscribe;
}
