import "server-only";
import { STEPS, type OrderStep } from "@/lib/data/contract/order-states";
import type { EmailOfOrder, Order } from "@/lib/data/contract/orders";
import { formatCents } from "@/lib/money";
import { absoluteUrl } from "@/lib/seo";
import { orderSummary, summaryText } from "./order-summary";
import { FIND_ORDER_PATH, orderPath } from "./paths";

/**
 * The emails a shopper gets: the confirmation, written with the order, one
 * per step the order takes, and a new link asked for on "find my order".
 * Each is written by the store from the order itself, inside the transaction
 * that writes it (EmailOfOrder), and carries the order's summary as the order
 * page shows it (order-summary.ts). Plain text, so every mail client shows
 * them as written; nothing a shopper typed is read as a template.
 */

/**
 * A signed-in shopper's link carries no token: it opens to the account only
 * (signed out it leads to the sign-in page first), so the email says so.
 */
const SIGNED_IN_LINK_NOTE = "It opens when you are signed in to your account on the shop.";

/** The lines that lead back to the order: its link, with the token for a guest's first email; later ones name "find my order". */
function whereToFind(order: Order, guestToken: string | null): string[] {
  if (order.uid) return [`Your order: ${absoluteUrl(orderPath(order.id, null))}`, SIGNED_IN_LINK_NOTE];
  if (guestToken)
    return [`Your order: ${absoluteUrl(orderPath(order.id, guestToken))}`, "Keep this link: it opens your order without an account."];
  return [
    "Open your order through the link in your confirmation email, or ask for a new link at " +
      `${absoluteUrl(FIND_ORDER_PATH)} with this email address and the reference ${order.reference}.`,
  ];
}

/** An email to the order's contact: greeting, what happened, the order's summary, the way back to it. */
function emailAbout(order: Order, subject: string, news: string, guestToken: string | null) {
  return {
    to: order.contact.email,
    subject,
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
  return (order) =>
    emailAbout(order, `Your order ${order.reference}`, "Thank you for your order. We will email you when it ships.", guestToken);
}

/** The email telling the shopper that their order took `step`, in the table's words; its note is the step's own (the history's last entry). */
export function stepEmail(step: OrderStep): EmailOfOrder {
  const { words } = STEPS[step];
  return (order) => {
    const note = order.history[order.history.length - 1]?.note ?? "";
    return emailAbout(
      order,
      `Your order ${order.reference}: ${words.subject}`,
      words.email({ total: formatCents(order.totalCents), note }),
      null,
    );
  };
}

/**
 * A new link to the order, asked for on "find my order" with the address it
 * was placed with: a guest's carries the new token (the links they had keep
 * working); an order placed signed in opens to its account.
 */
export function orderLinkEmail(guestToken: string | null): EmailOfOrder {
  return (order) =>
    emailAbout(
      order,
      `A link to your order ${order.reference}`,
      `A link to your order ${order.reference} was asked for on the shop with this email address.` +
        (guestToken ? " The links you had keep working." : "") +
        " If you did not ask for it, you can ignore this email: the link was sent to you only.",
      guestToken,
    );
}
