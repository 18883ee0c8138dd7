/**
 * A refund through Stripe's refund API, of a card order's payment (the
 * payment intent its Checkout Session took), for `amountCents`, with the
 * order's id in its metadata so Stripe's refund.updated finds the order.
 * The idempotency key is the desk form's: the same form sent twice asks
 * Stripe once. Stripe answers the refund pending (or already settled); only
 * its webhook makes it count (lib/orders/card-webhook.ts).
 */
import "server-only";
import Stripe from "stripe";
import type { Order } from "@/lib/data/contract/orders";

export type CardRefundAsk = { ok: true; id: string; amountCents: number } | { ok: false; why: string };

export async function refundCardPayment(stripe: Stripe, order: Order, amountCents: number, formKey: string): Promise<CardRefundAsk> {
  if (!order.cardSession) return { ok: false, why: "the order has no card payment to refund" };
  try {
    const session = await stripe.checkout.sessions.retrieve(order.cardSession);
    const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
    if (!paymentIntent) return { ok: false, why: "Stripe holds no payment for this order's session" };
    const refund = await stripe.refunds.create(
      { payment_intent: paymentIntent, amount: amountCents, metadata: { order_id: order.id, reference: order.reference } },
      { idempotencyKey: `${order.id}-refund-${formKey}` },
    );
    return { ok: true, id: refund.id, amountCents: refund.amount };
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    return { ok: false, why: error.type === "StripeInvalidRequestError" ? `Stripe refused it: ${error.message}` : "Stripe did not answer" };
  }
}
