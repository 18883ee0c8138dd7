/** Row shapes of the orders and outbox tables (their migrations) and their mapping to the contract's types. */
import type { FulfilmentState, PaymentMethod, PaymentState, ReturnState } from "../contract/order-states";
import type { Order, OrderContact, OrderEvent, OrderLine, ShippingAddress } from "../contract/orders";
import type { OutboxEmail } from "../contract/outbox";
import type { CardRefund } from "../contract/payment-fields";
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
  /** JSON: OrderLine[] (unit prices in whole cents, as the contract's). */
  lines: string;
  subtotal_cents: number;
  shipping_cents: number;
  /** The zone's name (its own migration; "" for an order from before zones). */
  shipping_zone: string;
  /** The sales tax and its rate (their own migration; 0 for an order from before tax). */
  tax_cents: number;
  tax_rate: number;
  /** The code used and what it took off (their own migration; "" and 0 for an order from before codes). */
  discount_code: string;
  discount_cents: number;
  total_cents: number;
  /** JSON: OrderContact. */
  contact: string;
  email_key: string;
  /** JSON: ShippingAddress. */
  address: string;
  fulfilment: string;
  payment: string;
  payment_method: string;
  /** The current Stripe Checkout Session of a card order (its own migration); null before one, and on delivery. */
  card_session: string | null;
  /** JSON: CardRefund[] (their own migration; [] for an order from before refunds by card). */
  card_refunds: string;
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

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    reference: row.reference,
    owner: row.owner as CartOwner,
    uid: row.uid,
    guestTokenHashes: row.guest_token_hash === null ? [] : [row.guest_token_hash, ...(JSON.parse(row.guest_link_hashes) as string[])],
    lines: JSON.parse(row.lines) as OrderLine[],
    subtotalCents: row.subtotal_cents,
    shippingCents: row.shipping_cents,
    shippingZone: row.shipping_zone,
    taxCents: row.tax_cents,
    taxRate: row.tax_rate,
    discountCode: row.discount_code,
    discountCents: row.discount_cents,
    totalCents: row.total_cents,
    contact: JSON.parse(row.contact) as OrderContact,
    address: JSON.parse(row.address) as ShippingAddress,
    // The CHECK constraints guarantee the states.
    fulfilment: row.fulfilment as FulfilmentState,
    payment: row.payment as PaymentState,
    paymentMethod: row.payment_method as PaymentMethod,
    cardSession: row.card_session,
    cardRefunds: JSON.parse(row.card_refunds) as CardRefund[],
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
  return {
    id: order.id,
    reference: order.reference,
    reference_key: referenceKey(order.reference),
    owner: order.owner,
    uid: order.uid,
    guest_token_hash: order.guestTokenHashes[0] ?? null,
    guest_link_hashes: JSON.stringify(order.guestTokenHashes.slice(1)),
    lines: JSON.stringify(order.lines),
    subtotal_cents: order.subtotalCents,
    shipping_cents: order.shippingCents,
    shipping_zone: order.shippingZone,
    tax_cents: order.taxCents,
    tax_rate: order.taxRate,
    discount_code: order.discountCode,
    discount_cents: order.discountCents,
    total_cents: order.totalCents,
    contact: JSON.stringify(order.contact),
    email_key: emailKey(order.contact.email),
    address: JSON.stringify(order.address),
    fulfilment: order.fulfilment,
    payment: order.payment,
    payment_method: order.paymentMethod,
    card_session: order.cardSession,
    card_refunds: JSON.stringify(order.cardRefunds),
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
  /** null: an email about no order (an account's). */
  order_id: string | null;
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
