/**
 * The desk's "Refund by card" form, read: everything left to refund, or some
 * items (a quantity per line, `qty-<productId>`), priced by the one refund
 * rule (lib/data/rules/card-refunds.ts), then asked of Stripe with the form's
 * own key (`refundKey`: a second post of the same form asks once).
 */
import "server-only";
import { log } from "@/lib/log";
import type { Order } from "@/lib/data/contract/orders";
import { itemsRefundCents, refundableCents } from "@/lib/data/rules/card-refunds";
import { refundCardPayment } from "@/lib/payments/refund-card";
import { stripeClient } from "@/lib/payments/stripe-client";

export const REFUND_MESSAGES = {
  nothing: "Nothing to refund: choose at least one item, or everything left.",
  noCards: "The shop has no Stripe keys now, so it cannot refund by card.",
  notAForm: "This refund form is out of date. Open the order again.",
  refused: "Stripe did not make the refund, so nothing was refunded. Try again; the Stripe Dashboard says why.",
} as const;

/** What the form asks to give back, in cents (0: nothing chosen, or nothing left). */
function refundAmountOf(order: Order, form: FormData): number {
  if (form.get("refund") !== "items") return refundableCents(order);
  const quantities = new Map(
    order.lines.map((line) => {
      const typed = form.get(`qty-${line.productId}`);
      const count = typeof typed === "string" && /^\d{1,4}$/.test(typed) ? Number(typed) : 0;
      return [line.productId, count] as const;
    }),
  );
  return itemsRefundCents(order, quantities);
}

/** Asks Stripe for the form's refund: its id and amount, or why not in the desk's words. */
export async function askCardRefund(
  order: Order,
  form: FormData,
): Promise<{ ok: true; id: string; amountCents: number } | { ok: false; error: string }> {
  const key = form.get("refundKey");
  if (typeof key !== "string" || !/^[A-Za-z0-9_-]{16,64}$/.test(key)) return { ok: false, error: REFUND_MESSAGES.notAForm };
  const amount = refundAmountOf(order, form);
  if (amount <= 0) return { ok: false, error: REFUND_MESSAGES.nothing };
  const stripe = stripeClient();
  if (!stripe) return { ok: false, error: REFUND_MESSAGES.noCards };
  const asked = await refundCardPayment(stripe, order, amount, key);
  if (asked.ok) return asked;
  // Why is in the log; the desk's words are fixed, as its notices travel in URLs.
  log.warn("payments.refund_not_made", "A refund by card was not made", { orderId: order.id, why: asked.why });
  return { ok: false, error: REFUND_MESSAGES.refused };
}
