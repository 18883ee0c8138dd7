/**
 * The email that carries a new link to an order ("find my order",
 * find-order.ts), sent to the address the order was placed with: a guest's
 * link carries the new token; an order placed signed in opens to its account,
 * so its link carries none and says so. Plain text, as the order's other emails.
 */
import "server-only";
import type { EmailDraft } from "@/lib/data/contract/outbox";
import type { Order } from "@/lib/data/contract/orders";
import { absoluteUrl } from "@/lib/seo";
import { orderPath } from "./paths";

export function orderLinkEmail(order: Pick<Order, "id" | "reference" | "contact">, guestToken: string | null): EmailDraft {
  return {
    to: order.contact.email,
    subject: `A link to your order ${order.reference}`,
    text: [
      `Hello ${order.contact.name},`,
      "",
      `A link to your order ${order.reference} was asked for on the shop with this email address.`,
      "",
      `Your order: ${absoluteUrl(orderPath(order.id, guestToken))}`,
      guestToken
        ? "It opens your order without an account. The links you had keep working."
        : "It opens when you are signed in to your account on the shop.",
      "",
      "If you did not ask for it, you can ignore this email: the link was sent to you only.",
    ].join("\n"),
  };
}
