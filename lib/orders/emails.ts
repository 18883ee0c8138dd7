import "server-only";
import type { EmailDraft } from "@/lib/data/contract/outbox";
import type { Order, OrderLine } from "@/lib/data/contract/orders";
import { STEPS, type OrderStep } from "@/lib/data/contract/order-states";
import { absoluteUrl } from "@/lib/seo";
import { FIND_ORDER_PATH } from "./paths";

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
 * A signed-in shopper's link carries no token: it opens to the account only
 * (signed out it leads to the sign-in page first), so the email says so.
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

/** The email telling the shopper that `order` took `step` (note: its tracking number or return reason), in the table's words. */
export function stepEmail(order: Pick<Order, "id" | "reference" | "contact" | "total" | "uid">, step: OrderStep, note: string): EmailDraft {
  const { words } = STEPS[step];
  const where = order.uid
    ? `Your order: ${orderLink(order.id, null)}\n${SIGNED_IN_LINK_NOTE}`
    : `Open your order through the link in your confirmation email, or ask for a new link at ${absoluteUrl(FIND_ORDER_PATH)} with this email address and the reference ${order.reference}.`;
  return {
    to: order.contact.email,
    subject: `Your order ${order.reference}: ${words.subject}`,
    text: [`Hello ${order.contact.name},`, "", words.email({ total: usd(order.total), note }), "", where].join("\n"),
  };
}
