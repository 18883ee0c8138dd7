/**
 * The storage contract of orders, stock and the email outbox (DECISIONS
 * "Orders"). Part of `Store` (types.ts); every adapter implements it and
 * passes tests/store-contract/orders.ts. Money is in US dollars with at most
 * two decimals, as products' prices; times are milliseconds since the epoch.
 */
import type { CartOwner, Unsubscribe } from "./types";

/** Fulfilment: placed → shipped → delivered, or cancelled before shipping. */
export const FULFILMENT_STATES = ["placed", "shipped", "delivered", "cancelled"] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

/** Payment, apart from fulfilment so an online provider can be added later: due → paid → refunded. */
export const PAYMENT_STATES = ["due", "paid", "refunded"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** A return request: requested → returned or refused; null on an order without one. */
export const RETURN_STATES = ["requested", "returned", "refused"] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** The one payment method of this version. */
export const PAYMENT_METHOD = "pay_on_delivery";

/**
 * A step an order can take, who may take it and what it needs:
 * - ship (admin): placed → shipped, with a tracking number;
 * - deliver (admin): shipped → delivered;
 * - cancel (admin): placed → cancelled, stock given back;
 * - record_payment (admin): due → paid, only once delivered;
 * - refund (admin): paid → refunded;
 * - request_return (the order's owner): delivered less than 30 days ago, no return yet, with a reason;
 * - accept_return (admin): requested → returned, stock given back; a paid order's payment becomes refunded;
 * - refuse_return (admin): requested → refused.
 */
export const ORDER_STEPS = [
  "ship",
  "deliver",
  "cancel",
  "record_payment",
  "refund",
  "request_return",
  "accept_return",
  "refuse_return",
] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

/** How long after delivery a return may be requested. */
export const RETURN_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export interface OrderLine {
  productId: string;
  /** The product's name, image and price as the order was placed (what the shopper saw and agreed to). */
  name: string;
  image: string;
  unitPrice: number;
  quantity: number;
}

export interface OrderContact {
  email: string;
  name: string;
  /** "" when not given. */
  phone: string;
}

export interface ShippingAddress {
  /** ISO 3166-1 alpha-2, upper case ("US", "DE"). */
  country: string;
  line1: string;
  /** "" when not given. */
  line2: string;
  city: string;
  /** State, province or county; "" when the country has none. */
  region: string;
  postalCode: string;
}

/** One recorded step of an order: who took it, when, and the state before and after. */
export interface OrderEvent {
  at: number;
  /** "shopper" for the order's owner, an admin's email, or "system". */
  by: string;
  step: OrderStep | "place";
  /** A short description of the state before and after, e.g. "placed" → "shipped". */
  from: string;
  to: string;
  /** The tracking number of a ship step, the reason of a return request; "" otherwise. */
  note: string;
}

export interface Order {
  /** Random, unguessable, the order's address (/orders-page/{id}). */
  id: string;
  /**
   * What a person reads aloud: 3 groups of 4 letters and digits without
   * look-alikes (e.g. "K7PM-2QX9-HT4D"), random, unique, never sequential.
   */
  reference: string;
  /** The cart it was placed from. */
  owner: CartOwner;
  /** The signed-in shopper's uid; null for a guest's order (joined by verified email, lib/orders). */
  uid: string | null;
  /** sha-256 (hex) of the guest link's token; null for an order placed signed in. */
  guestTokenHash: string | null;
  lines: OrderLine[];
  /** Sum of unitPrice × quantity over the lines. */
  subtotal: number;
  /** Shipping is free in this version: 0. */
  shipping: number;
  total: number;
  contact: OrderContact;
  address: ShippingAddress;
  fulfilment: FulfilmentState;
  payment: PaymentState;
  paymentMethod: typeof PAYMENT_METHOD;
  /** Set by the ship step. */
  trackingNumber: string | null;
  returnState: ReturnState | null;
  returnReason: string | null;
  placedAt: number;
  deliveredAt: number | null;
  /** Raised by every step; a step names the revision it was decided on (the product editor's rule). */
  revision: number;
  /** Oldest first, starting with the "place" event. */
  history: OrderEvent[];
  /** Set when the customer's personal data was erased (contact and address blanked, figures kept). */
  erasedAt: number | null;
}

/** A line as the checkout page showed it: the order is refused when the store no longer agrees. */
export interface ExpectedLine {
  productId: string;
  unitPrice: number;
  quantity: number;
}

export interface PlaceOrderInput {
  owner: CartOwner;
  uid: string | null;
  /** A random key the checkout page carries; the same owner and key make one order however often it is sent. */
  idempotencyKey: string;
  /** The cart's lines as shown on the checkout page, at the prices shown. */
  lines: ExpectedLine[];
  contact: OrderContact;
  address: ShippingAddress;
  /** sha-256 (hex) of the token in a guest's link (lib/orders makes the token); null when signed in. */
  guestTokenHash: string | null;
  /** The confirmation email, written to the outbox in the order's transaction; `{reference}` and `{orderId}` are filled in by the store. */
  confirmation: EmailDraft;
}

/**
 * Why a line refuses an order (a StoreError "conflict" whose fields are keyed
 * `line:<productId>`, plus `cart` when the cart no longer holds the lines shown):
 * the product was deleted, its price changed, too few are in stock, or the
 * cart's line differs from the one shown.
 */
export type LineRefusal = "deleted" | "price_changed" | "out_of_stock" | "cart_changed";

export interface PlaceOrderResult {
  order: Order;
  /** false when this owner and idempotency key had already placed it: the same order is returned, nothing written. */
  created: boolean;
  /** The products whose shown stock (stock-shown.ts) this order changed; [] when created is false. */
  stockShownChanged: string[];
}

/** The order desk's filter: one state of fulfilment, payment or return, or none; a search by reference or email. */
export interface OrderListFilter {
  fulfilment: FulfilmentState | null;
  payment: PaymentState | null;
  returnState: ReturnState | null;
  /** A reference (any case, with or without dashes) or an exact email (any case); "" for none. */
  query: string;
  /** 1..100 (the desk's pages are 50). */
  limit: number;
  /** The cursor the previous page returned, null for the first page. */
  after: string | null;
}

export interface OrderPage {
  orders: Order[];
  next: string | null;
}

export interface StepInput {
  step: OrderStep;
  /** The order's revision the step was decided on; conflict when it moved since. */
  expectedRevision: number;
  /** An admin's email, or "shopper" for request_return. */
  by: string;
  /** The tracking number (ship) or the reason (request_return); "" otherwise. */
  note: string;
  /** The email telling the shopper, written to the outbox in the step's transaction. */
  email: EmailDraft;
}

/** A product's stock: null when not tracked. */
export type StockCount = number | null;

/** An email to send, as written to the outbox. */
export interface EmailDraft {
  to: string;
  subject: string;
  text: string;
}

/** An email in the outbox. */
export interface OutboxEmail extends EmailDraft {
  id: string;
  orderId: string;
  /** Fixed per outbox entry, so a resent email is recognised as the same message. */
  messageId: string;
  state: "pending" | "sent" | "failed";
  /** Sends tried so far. */
  attempts: number;
  /** When it may be claimed next. */
  dueAt: number;
  lastError: string | null;
  createdAt: number;
}

/** Orders: placed atomically from a cart, read by their owner and the desk, moved by steps. */
export interface OrderStore {
  /**
   * One transaction: re-reads the owner's cart lines, their products and
   * stock; refuses (conflict, fields per LineRefusal) when a line was deleted,
   * repriced, out of stock or differs from `lines`; else writes the order,
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
   * Takes a step (ORDER_STEPS) if the order is still at `expectedRevision` and
   * the step is allowed from its state (else conflict, naming why); records it
   * in the history, moves stock for cancel and accept_return, writes the
   * email to the outbox; one transaction. not_found for an unknown order.
   */
  takeOrderStep(orderId: string, input: StepInput): Promise<Order>;
  /**
   * Blanks contact and address of every order with this email (figures kept),
   * and their outbox emails' address and text (one not yet sent is failed,
   * never sent); returns how many orders.
   */
  eraseCustomer(email: string): Promise<number>;
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

export interface OutboxStore {
  /**
   * Claims up to `limit` pending emails due by `now`, each for `leaseMs`:
   * a claimed email is not claimed again before its lease ends, so one claim
   * sends at most once. Raises each one's attempts.
   */
  claimDueEmails(now: number, limit: number, leaseMs: number): Promise<OutboxEmail[]>;
  /** Marks a claimed email sent. */
  markEmailSent(id: string): Promise<void>;
  /** A failed send: due again at `retryAt`, or `failed` for good when retryAt is null. */
  markEmailFailed(id: string, error: string, retryAt: number | null): Promise<void>;
  /** An order's emails, oldest first (the desk shows their state). */
  listOrderEmails(orderId: string): Promise<OutboxEmail[]>;
}
