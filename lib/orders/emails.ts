import "server-only";
import type { EmailDraft, Order, OrderLine, OrderStep } from "@/lib/data/order-types";
import { absoluteUrl } from "@/lib/seo";

/**
 * The emails a shopper gets: the confirmation, written with the order, and
 * one per step the order takes. Plain text, so every mail client shows them
 * as written. The store fills `{reference}` and `{orderId}` in the
 * confirmation (it makes both inside the order's transaction).
 */

const usd = (value: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(value);

const lineText = (line: Pick<OrderLine, "name" | "quantity" | "unitPrice">) =>
  `- ${line.name} × ${line.quantity}: ${usd(line.unitPrice * line.quantity)}`;

/**
 * The order's page: a guest's link carries the token that opens it. Order ids
 * and tokens are URL-safe ([A-Za-z0-9_-]), so the placeholder "{orderId}"
 * passes through as written.
 */
function orderLink(orderId: string, guestToken: string | null): string {
  const query = guestToken ? `?token=${guestToken}` : "";
  return `${absoluteUrl("/orders-page/")}${orderId}${query}`;
}

/**
 * A signed-in shopper's link carries no token: it opens to the account only,
 * and signed out it answers "not found" like any other order's, so the email
 * says so.
 */
const SIGNED_IN_LINK_NOTE = "It opens when you are signed in to your account on the shop.";

interface ConfirmationInput {
  name: string;
  email: string;
  lines: Pick<OrderLine, "name" | "quantity" | "unitPrice">[];
  total: number;
  /** The guest link's token; null for a signed-in shopper, who opens the order signed in. */
  guestToken: string | null;
}

export function confirmationEmail(input: ConfirmationInput): EmailDraft {
  const link = orderLink("{orderId}", input.guestToken);
  return {
    to: input.email,
    subject: "Your order {reference}",
    text: [
      `Hello ${input.name},`,
      "",
      "Thank you for your order {reference}. We will email you when it ships.",
      "",
      ...input.lines.map(lineText),
      `Total: ${usd(input.total)}, paid on delivery.`,
      "",
      `Your order: ${link}`,
      input.guestToken ? "Keep this link: it opens your order without an account." : SIGNED_IN_LINK_NOTE,
    ]
      .join("\n")
      .trimEnd(),
  };
}

const STEP_SENTENCES: Record<OrderStep, (order: Pick<Order, "total">, note: string) => string> = {
  ship: (_order, note) => `Your order has shipped. Tracking number: ${note}.`,
  deliver: () => "Your order was delivered. You can request a return within 30 days from your order's page.",
  cancel: () => "Your order was cancelled. Nothing is due.",
  record_payment: (order) => `We received your payment of ${usd(order.total)}. Thank you.`,
  refund: (order) => `We refunded ${usd(order.total)}.`,
  request_return: (_order, note) => `We received your return request (“${note}”). We will email you when we have decided.`,
  accept_return: () => "Your return was accepted. Any payment made is refunded.",
  refuse_return: () => "We could not accept your return. Reply to this email if you have questions.",
};

/** The email telling the shopper that `order` took `step` (note: its tracking number or return reason). */
export function stepEmail(order: Pick<Order, "id" | "reference" | "contact" | "total" | "uid">, step: OrderStep, note: string): EmailDraft {
  const where = order.uid
    ? `Your order: ${orderLink(order.id, null)}\n${SIGNED_IN_LINK_NOTE}`
    : "Open your order through the link in your confirmation email.";
  return {
    to: order.contact.email,
    subject: `Your order ${order.reference}: ${STEP_SUBJECTS[step]}`,
    text: [`Hello ${order.contact.name},`, "", STEP_SENTENCES[step](order, note), "", where].join("\n"),
  };
}

const STEP_SUBJECTS: Record<OrderStep, string> = {
  ship: "shipped",
  deliver: "delivered",
  cancel: "cancelled",
  record_payment: "payment received",
  refund: "refunded",
  request_return: "return requested",
  accept_return: "return accepted",
  refuse_return: "return refused",
};
