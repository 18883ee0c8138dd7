/**
 * How orders, stock and the outbox are stored on Firestore (ours, not the
 * spec's: the spec has no orders). Times are epoch milliseconds (numbers),
 * money whole cents as the contract's (subtotalCents…, each line's
 * unitPriceCents); an order written before money was whole cents holds
 * dollars (subtotal, shipping, total, each line's unitPrice) and is read
 * into cents (moneyOfDoc).
 *
 * - orders/{id}: the Order's fields, plus `referenceKey` (the reference
 *   without dashes, what a search compares) and `emailKey` (the contact's
 *   email in lower case). Its guestTokenHashes are kept as `guestTokenHash`
 *   (the checkout link's, null for an order placed signed in: as every order
 *   before the list had it) and `guestLinkHashes` (the links asked for since;
 *   an order without the field, from before it, has none: []).
 *   `shippingZone` is the name of the zone that priced its shipping; an
 *   order from before zones has none and reads as "". `taxCents` and
 *   `taxRate` are its sales tax; an order from before tax has neither and
 *   reads as 0 at 0; `discountCode` and `discountCents` the code it used,
 *   "" and 0 for an order from before codes.
 *   `salesCounted` is the sales figures' mark (sales.ts), not read into the order.
 * - orderReferences/{referenceKey}: {orderId}; created in the order's
 *   transaction, so a reference drawn twice is seen and drawn again.
 * - orderKeys/{owner}~{idempotencyKey}: {orderId}; the checkout's key.
 * - stock/{productId}: {count} of a tracked product; no document: not tracked.
 * - outbox/{id}: one email (OutboxDoc).
 * - stockNotices/{auto id}: {productIds, at (server time), expiresAt}: one
 *   write that changed those products' shown stock (stock-notices.ts).
 */
import { isDeepStrictEqual } from "node:util";
import type { DocumentData } from "firebase-admin/firestore";
import { log } from "@/lib/log";
import { emailKey, erasedOrder, referenceKey } from "../rules/order-rules";
import { centsOfDollars } from "../contract/money";
import type { Order, OrderLine } from "../contract/orders";
import type { OutboxEmail } from "../contract/outbox";

export const ORDER_COLLECTIONS = {
  orders: "orders",
  orderReferences: "orderReferences",
  orderKeys: "orderKeys",
  stock: "stock",
  outbox: "outbox",
  stockNotices: "stockNotices",
} as const;

type StoredFields = Omit<Order, "id" | "guestTokenHashes">;
type OrderDoc = Omit<
  StoredFields,
  "shippingZone" | "taxCents" | "taxRate" | "discountCode" | "discountCents" | "paymentMethod" | "cardSession" | "cardRefunds"
> & {
  cardRefunds?: Order["cardRefunds"];
  paymentMethod?: Order["paymentMethod"];
  cardSession?: string | null;
  shippingZone?: string;
  discountCode?: string;
  discountCents?: number;
  taxCents?: number;
  taxRate?: number;
  guestTokenHash: string | null;
  guestLinkHashes?: string[];
  referenceKey: string;
  emailKey: string;
};

/** How an order's token hashes are stored: the checkout link's, and those asked for since. */
export function linkFields(hashes: readonly string[]): Pick<OrderDoc, "guestTokenHash" | "guestLinkHashes"> {
  return { guestTokenHash: hashes[0] ?? null, guestLinkHashes: hashes.slice(1) };
}

/** The order document's mark that the sales figures count it (sales.ts). */
export const SALES_COUNTED = "salesCounted";

/**
 * The fields of an order's document that erasing it (erasedOrder) changes,
 * and only those: written alone, they leave whatever a step wrote since the
 * order was read.
 */
export function erasedOrderFields(order: Order, at: number): DocumentData {
  const before: Record<string, unknown> = orderToDoc(order);
  const after: Record<string, unknown> = orderToDoc(erasedOrder(order, at));
  return Object.fromEntries(Object.entries(after).filter(([name, value]) => !isDeepStrictEqual(value, before[name])));
}

export function orderToDoc(order: Order): OrderDoc {
  const fields: Partial<Order> = { ...order };
  delete fields.id;
  delete fields.guestTokenHashes;
  return {
    ...(fields as StoredFields),
    ...linkFields(order.guestTokenHashes),
    referenceKey: referenceKey(order.reference),
    emailKey: emailKey(order.contact.email),
  };
}

/**
 * An order as its document holds it. One written before payment "voided"
 * existed, cancelled or returned while still due, reads as voided: it owes
 * nothing (SQLite's migration rewrote the same rows).
 */
export function orderFromDoc(id: string, data: DocumentData): Order {
  const doc = data as OrderDoc;
  const fields: Partial<OrderDoc> = { ...doc };
  delete fields.referenceKey;
  delete fields.emailKey;
  delete fields.guestTokenHash;
  delete fields.guestLinkHashes;
  // The sales figures' mark (sales.ts), not the order's.
  delete (fields as Record<string, unknown>)[SALES_COUNTED];
  for (const legacy of LEGACY_MONEY_FIELDS) delete (fields as Record<string, unknown>)[legacy];
  // An order stored before guestLinkHashes existed has no field: no link asked for since.
  const guestTokenHashes = doc.guestTokenHash ? [doc.guestTokenHash, ...(doc.guestLinkHashes ?? [])] : [];
  // An order stored before shipping zones paid none and names no zone: "".
  // An order stored before sales tax paid none: 0 at rate 0.
  const order: Order = {
    id,
    ...(fields as StoredFields),
    shippingZone: doc.shippingZone ?? "",
    taxCents: doc.taxCents ?? 0,
    taxRate: doc.taxRate ?? 0,
    // An order stored before discount codes used none.
    discountCode: doc.discountCode ?? "",
    discountCents: doc.discountCents ?? 0,
    // Every order stored before card payments is paid on delivery, with no Checkout Session.
    paymentMethod: doc.paymentMethod ?? "pay_on_delivery",
    cardSession: doc.cardSession ?? null,
    cardRefunds: doc.cardRefunds ?? [],
    ...moneyOfDoc(id, data),
    guestTokenHashes,
  };
  const owesNothing = order.payment === "due" && (order.fulfilment === "cancelled" || order.returnState === "returned");
  return owesNothing ? { ...order, payment: "voided" } : order;
}

/** The dollars fields of an order written before money was whole cents. */
const LEGACY_MONEY_FIELDS = ["subtotal", "shipping", "total"] as const;

type OrderMoney = Pick<Order, "lines" | "subtotalCents" | "shippingCents" | "totalCents">;
type LegacyLine = Omit<OrderLine, "unitPriceCents"> & { unitPrice: number };

/**
 * An order's money as stored: the cents of one written since money was whole
 * cents, or those read from the dollars of one written before (each had two
 * decimals at most when written, so each reads exactly). A dollars figure
 * that does not read (written by something else) is logged with its order and
 * field, and reads as NaN (shown "$NaN": plainly no amount, never a wrong one).
 */
function moneyOfDoc(orderId: string, data: DocumentData): OrderMoney {
  if (typeof data.totalCents === "number") {
    return { lines: data.lines, subtotalCents: data.subtotalCents, shippingCents: data.shippingCents, totalCents: data.totalCents };
  }
  const cents = (field: string, dollars: unknown) => {
    const read = centsOfDollars(dollars);
    if (read !== null) return read;
    log.warn("store.order_money_unreadable", "An order from before whole cents holds a figure that does not read as dollars", {
      orderId,
      field,
    });
    return Number.NaN;
  };
  return {
    lines: (data.lines as LegacyLine[]).map(({ unitPrice, ...line }) => ({
      ...line,
      unitPriceCents: cents(`lines.${line.productId}`, unitPrice),
    })),
    subtotalCents: cents("subtotal", data.subtotal),
    shippingCents: cents("shipping", data.shipping),
    totalCents: cents("total", data.total),
  };
}

export interface OutboxDoc {
  /** null: an email about no order (an account's). */
  orderId: string | null;
  /** The order's revision the email tells of (0: the confirmation); orders an order's emails written at the same time. */
  revision: number;
  messageId: string;
  to: string;
  subject: string;
  text: string;
  state: OutboxEmail["state"];
  attempts: number;
  /** When it may be claimed next: a claim moves it to the lease's end. */
  dueAt: number;
  /** The end of the current claim's lease; null when not claimed. */
  leasedUntil: number | null;
  lastError: string | null;
  createdAt: number;
}

export function outboxEmailFromDoc(id: string, data: DocumentData): OutboxEmail {
  const doc = data as OutboxDoc;
  return {
    id,
    orderId: doc.orderId,
    messageId: doc.messageId,
    to: doc.to,
    subject: doc.subject,
    text: doc.text,
    state: doc.state,
    attempts: doc.attempts,
    dueAt: doc.dueAt,
    lastError: doc.lastError,
    createdAt: doc.createdAt,
  };
}
