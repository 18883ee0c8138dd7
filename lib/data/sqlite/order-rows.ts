/** Row shapes of the orders and outbox tables (their migrations) and their mapping to the contract's types. */
import { fromCents, toCents } from "../rules/money";
import type { FulfilmentState, PaymentState, ReturnState } from "../contract/order-states";
import type { Order, OrderContact, OrderEvent, OrderLine, ShippingAddress } from "../contract/orders";
import type { OutboxEmail } from "../contract/outbox";
import { emailKey, referenceKey } from "../rules/order-rules";
import type { CartOwner } from "../contract/cart";

export interface OrderRow {
  id: string;
  reference: string;
  reference_key: string;
  owner: string;
  uid: string | null;
  /** The checkout's link's token hash (the first of Order.guestTokenHashes). */
  guest_token_hash: string | null;
  /** JSON: string[], the hashes of the links asked for since (the rest of Order.guestTokenHashes; their own migration). */
  guest_link_hashes: string;
  /** JSON: StoredLine[]. */
  lines: string;
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
  /** JSON: OrderContact. */
  contact: string;
  email_key: string;
  /** JSON: ShippingAddress. */
  address: string;
  fulfilment: string;
  payment: string;
  payment_method: string;
  tracking_number: string | null;
  return_state: string | null;
  return_reason: string | null;
  placed_at: number;
  delivered_at: number | null;
  revision: number;
  /** JSON: OrderEvent[]. */
  history: string;
  erased_at: number | null;
}

/** A line as stored: its unit price in cents. */
interface StoredLine {
  productId: string;
  name: string;
  image: string;
  unitPriceCents: number;
  quantity: number;
}

export function toOrder(row: OrderRow): Order {
  const lines = (JSON.parse(row.lines) as StoredLine[]).map((line): OrderLine => ({
    productId: line.productId,
    name: line.name,
    image: line.image,
    unitPrice: fromCents(line.unitPriceCents),
    quantity: line.quantity,
  }));
  return {
    id: row.id,
    reference: row.reference,
    owner: row.owner as CartOwner,
    uid: row.uid,
    guestTokenHashes: row.guest_token_hash === null ? [] : [row.guest_token_hash, ...(JSON.parse(row.guest_link_hashes) as string[])],
    lines,
    subtotal: fromCents(row.subtotal_cents),
    shipping: fromCents(row.shipping_cents),
    total: fromCents(row.total_cents),
    contact: JSON.parse(row.contact) as OrderContact,
    address: JSON.parse(row.address) as ShippingAddress,
    // The CHECK constraints guarantee the states.
    fulfilment: row.fulfilment as FulfilmentState,
    payment: row.payment as PaymentState,
    paymentMethod: "pay_on_delivery",
    trackingNumber: row.tracking_number,
    returnState: row.return_state as ReturnState | null,
    returnReason: row.return_reason,
    placedAt: row.placed_at,
    deliveredAt: row.delivered_at,
    revision: row.revision,
    history: JSON.parse(row.history) as OrderEvent[],
    erasedAt: row.erased_at,
  };
}

export function toOrderRow(order: Order): OrderRow {
  const lines: StoredLine[] = order.lines.map((line) => ({
    productId: line.productId,
    name: line.name,
    image: line.image,
    unitPriceCents: toCents(line.unitPrice),
    quantity: line.quantity,
  }));
  return {
    id: order.id,
    reference: order.reference,
    reference_key: referenceKey(order.reference),
    owner: order.owner,
    uid: order.uid,
    guest_token_hash: order.guestTokenHashes[0] ?? null,
    guest_link_hashes: JSON.stringify(order.guestTokenHashes.slice(1)),
    lines: JSON.stringify(lines),
    subtotal_cents: toCents(order.subtotal),
    shipping_cents: toCents(order.shipping),
    total_cents: toCents(order.total),
    contact: JSON.stringify(order.contact),
    email_key: emailKey(order.contact.email),
    address: JSON.stringify(order.address),
    fulfilment: order.fulfilment,
    payment: order.payment,
    payment_method: order.paymentMethod,
    tracking_number: order.trackingNumber,
    return_state: order.returnState,
    return_reason: order.returnReason,
    placed_at: order.placedAt,
    delivered_at: order.deliveredAt,
    revision: order.revision,
    history: JSON.stringify(order.history),
    erased_at: order.erasedAt,
  };
}

export interface OutboxRow {
  id: string;
  order_id: string;
  message_id: string;
  to_address: string;
  subject: string;
  text: string;
  state: string;
  attempts: number;
  due_at: number;
  leased_until: number | null;
  last_error: string | null;
  created_at: number;
  /** Breaks ties of created_at: the order of writing. */
  seq: number;
}

export function toOutboxEmail(row: OutboxRow): OutboxEmail {
  return {
    id: row.id,
    orderId: row.order_id,
    messageId: row.message_id,
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    state: row.state as OutboxEmail["state"],
    attempts: row.attempts,
    dueAt: row.due_at,
    lastError: row.last_error,
    createdAt: row.created_at,
  };
}
