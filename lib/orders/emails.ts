import "server-only";
import { STEPS, type OrderStep } from "@/lib/data/contract/order-states";
import type { EmailOfOrder, Order } from "@/lib/data/contract/orders";
import { formatUsd } from "@/lib/money";
import { absoluteUrl } from "@/lib/seo";
import { orderSummary, summaryText } from "./order-summary";

/**
 * The emails a shopper gets: the confirmation, written with the order, and
 * one per step the order takes. Each is written by the store from the order
 * itself, inside the transaction that writes it (EmailOfOrder), and carries
 * the order's summary as the order page shows it (order-summary.ts). Plain
 * text, so every mail client shows them as written; nothing a shopper typed
 * is read as a template.
 */

/** The order's page: a guest's link carries the token that opens it. */
function orderLink(orderId: string, guestToken: string | null): string {
  const query = guestToken ? `?token=${guestToken}` : "";
  return `${absoluteUrl("/orders-page/")}${encodeURIComponent(orderId)}${query}`;
}

/**
 * A signed-in shopper's link carries no token: it opens to the account only,
 * so the email says so.
 */
const SIGNED_IN_LINK_NOTE = "It opens when you are signed in to your account on the shop.";

/** The lines that lead back to the order: its link, with the token for a guest's first email. */
function whereToFind(order: Order, guestToken: string | null): string[] {
  if (order.uid) return [`Your order: ${orderLink(order.id, null)}`, SIGNED_IN_LINK_NOTE];
  if (guestToken) return [`Your order: ${orderLink(order.id, guestToken)}`, "Keep this link: it opens your order without an account."];
  return ["Open your order through the link in your confirmation email."];
}

/** An email to the order's contact: greeting, what happened, the order's summary, the way back to it; `subject` follows the reference. */
function emailAbout(order: Order, subject: string | null, news: string, guestToken: string | null) {
  return {
    to: order.contact.email,
    subject: subject ? `Your order ${order.reference}: ${subject}` : `Your order ${order.reference}`,
    text: [
      `Hello ${order.contact.name},`,
      "",
      news,
      "",
      summaryText(orderSummary(order, "shopper")),
      "",
      ...whereToFind(order, guestToken),
    ].join("\n"),
  };
}

/** The confirmation, written from the order just placed; `guestToken` opens a guest's order (null when signed in). */
export function confirmationEmail(guestToken: string | null): EmailOfOrder {
  return (order) => emailAbout(order, null, "Thank you for your order. We will email you when it ships.", guestToken);
}

/** The email telling the shopper that their order took `step`, in the table's words; its note is the step's own (the history's last entry). */
export function stepEmail(step: OrderStep): EmailOfOrder {
  const { words } = STEPS[step];
  return (order) => {
    const note = order.history[order.history.length - 1]?.note ?? "";
    return emailAbout(order, words.subject, words.email({ total: formatUsd(order.total), note }), null);
  };
}
