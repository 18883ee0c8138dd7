/**
 * What the desk's "Refund by card" form shows of an order: what is left to
 * refund, the lines to choose from, the refunds Stripe has yet to confirm,
 * and a key drawn for this render of the form. Pure data for the client form.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { Order } from "@/lib/data/contract/orders";
import { refundableCents } from "@/lib/data/rules/card-refunds";
import { formatCents } from "@/lib/money";

export interface RefundChoice {
  key: string;
  /** What is left to refund, formatted. */
  left: string;
  lines: { productId: string; name: string; quantity: number }[];
  /** The refunds Stripe has yet to confirm, in words; null when none. */
  pending: string | null;
}

export function refundChoiceOf(order: Order): RefundChoice {
  const pending = order.cardRefunds.filter((refund) => refund.status === "pending");
  return {
    key: randomUUID(),
    left: formatCents(refundableCents(order)),
    lines: order.lines.map(({ productId, name, quantity }) => ({ productId, name, quantity })),
    pending:
      pending.length === 0
        ? null
        : `Pending at Stripe: ${pending.map((refund) => formatCents(refund.amountCents)).join(", ")} (shown as refunded once Stripe confirms it).`,
  };
}
