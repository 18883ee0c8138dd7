/**
 * One order as every surface shows it: the shopper's order page and its
 * twin made without React, the order desk, and every email render this one
 * summary, so a line the bill gains (shipping, tax, a discount, a refund) is
 * added here once. Its words are the order state table's
 * (lib/data/contract/order-states.ts), for the shopper or the desk; its
 * amounts are formatted by lib/money.ts; its address is written as the
 * country writes it (address-lines.ts).
 */
import "server-only";
import { FULFILMENT, PAYMENT_METHODS, RETURN, paymentWords } from "@/lib/data/contract/order-states";
import type { Order } from "@/lib/data/contract/orders";
import { lineCents } from "@/lib/data/contract/money";
import { formatCents } from "@/lib/money";
import { addressLines } from "./address-lines";
import { taxLabel } from "./bill-quote";
import { discountLabel } from "./discount-words";
import { orderTime } from "./order-labels";

/** Who reads it: the shopper (their order page, their emails) or the operator (the desk). */
export type SummaryReader = "shopper" | "desk";

export interface SummaryState {
  /** "fulfilment", "payment", "return": the pages' test ids and the rows' order. */
  id: "fulfilment" | "payment" | "return";
  label: string;
  value: string;
}

export interface SummaryTotal {
  label: string;
  amount: string;
  /** The amount the order comes to: the last row, set apart. */
  grand: boolean;
}

export interface OrderSummary {
  reference: string;
  placed: string;
  /** How it is paid ("pay on delivery"), in the reader's words. */
  paymentMethod: string;
  states: SummaryState[];
  lines: { productId: string; name: string; quantity: number; amount: string }[];
  totals: SummaryTotal[];
  /** Who ordered; null once the customer's personal data was erased. */
  contact: { name: string; email: string; phone: string | null } | null;
  /** The shipping address in its country's lines; null once erased. */
  address: string[] | null;
}

function statesOf(order: Order, reader: SummaryReader): SummaryState[] {
  const tracking = order.trackingNumber ? ` (tracking number ${order.trackingNumber})` : "";
  return [
    { id: "fulfilment" as const, label: "Delivery", value: FULFILMENT[order.fulfilment][reader] + tracking },
    { id: "payment" as const, label: "Payment", value: paymentWords(order.payment, order.paymentMethod, reader) },
    ...(order.returnState ? [{ id: "return" as const, label: "Return", value: RETURN[order.returnState][reader] }] : []),
  ];
}

function totalsOf(order: Order): SummaryTotal[] {
  return [
    { label: "Subtotal", amount: formatCents(order.subtotalCents), grand: false },
    // The code the order used and what it took off the goods; an order without one has no line.
    ...(order.discountCode === ""
      ? []
      : [{ label: discountLabel(order.discountCode), amount: `−${formatCents(order.discountCents)}`, grand: false }]),
    // The zone as it was named when the order was placed; an order from before zones names none.
    {
      label: order.shippingZone === "" ? "Shipping" : `Shipping (${order.shippingZone})`,
      amount: order.shippingCents === 0 ? "Free" : formatCents(order.shippingCents),
      grand: false,
    },
    // Sales tax where it was due (its state and rate as charged); an order from before tax, or outside the US, has none to show.
    ...(order.taxRate === 0
      ? []
      : [{ label: taxLabel({ rate: order.taxRate, region: order.address.region }), amount: formatCents(order.taxCents), grand: false }]),
    { label: "Total", amount: `${formatCents(order.totalCents)} USD`, grand: true },
  ];
}

export function orderSummary(order: Order, reader: SummaryReader): OrderSummary {
  const erased = order.erasedAt !== null;
  const { contact } = order;
  return {
    reference: order.reference,
    placed: orderTime(order.placedAt),
    paymentMethod: PAYMENT_METHODS[order.paymentMethod][reader],
    states: statesOf(order, reader),
    lines: order.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      quantity: line.quantity,
      amount: formatCents(lineCents(line.unitPriceCents, line.quantity)),
    })),
    totals: totalsOf(order),
    contact: erased ? null : { name: contact.name, email: contact.email, phone: contact.phone || null },
    address: erased ? null : addressLines(order.address),
  };
}

/** The summary as plain text, for an email: what the order page shows, in the same order. */
export function summaryText(summary: OrderSummary): string {
  return [
    `Order ${summary.reference}, placed ${summary.placed}`,
    "",
    ...summary.lines.map((line) => `- ${line.name} × ${line.quantity}: ${line.amount}`),
    "",
    ...summary.totals.map((total) => `${total.label}: ${total.amount}`),
    "",
    ...summary.states.map((state) => `${state.label}: ${state.value}`),
    ...(summary.address ? ["", "Shipping to:", ...(summary.contact ? [summary.contact.name] : []), ...summary.address] : []),
  ].join("\n");
}
