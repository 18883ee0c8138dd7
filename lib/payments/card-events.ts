/**
 * What a Stripe event asks of an order (the webhook, lib/orders/card-webhook.ts,
 * applies it): which order and Checkout Session it is about, and the card
 * step of the state table it takes (lib/data/contract/card-steps.ts), or
 * none. A session completed but not yet paid (a bank debit that settles
 * later) takes none until its async event; only `payment_status: "paid"`
 * pays. The amount and currency Stripe took are carried so the webhook
 * marks an order paid only when they are the order's. Pure.
 */
import type Stripe from "stripe";
import type { CardStep } from "@/lib/data/contract/order-states";

export interface CardEvent {
  /** Stripe's event id: applied once, remembered in the order's history. */
  eventId: string;
  orderId: string | null;
  /** The Checkout Session it is about; null for a refund's event (a refund is of the order's payment, whichever session took it). */
  sessionId: string | null;
  /** The step it takes; null for an event that moves nothing (a session completed, its payment still pending). */
  step: CardStep | null;
  /** What Stripe charged (or, for a refund, gives back), in cents, and its currency. */
  amountCents: number | null;
  currency: string | null;
  /** A refund's id; null for a session's event. */
  refundId: string | null;
}

const STEP_OF_TYPE: Partial<Record<Stripe.Event.Type, CardStep>> = {
  "checkout.session.async_payment_succeeded": "card_paid",
  "checkout.session.async_payment_failed": "card_failed",
  "checkout.session.expired": "card_expired",
};

/** A refund's word (refund.updated): succeeded or failed; a refund still pending moves nothing. */
function readRefundEvent(event: Stripe.Event): CardEvent | null {
  const refund = event.data.object as Stripe.Refund;
  if (refund.object !== "refund") return null;
  const step =
    refund.status === "succeeded"
      ? "card_refunded"
      : refund.status === "failed" || refund.status === "canceled"
        ? "card_refund_failed"
        : null;
  return {
    eventId: event.id,
    orderId: refund.metadata?.order_id ?? null,
    sessionId: null,
    step,
    amountCents: refund.amount,
    currency: refund.currency,
    refundId: refund.id,
  };
}

/**
 * The event's card step for its order, or null for an event the shop does
 * not act on (another type, or not a Checkout Session's or a refund's).
 * charge.refunded adds nothing to refund.updated, which says each refund's
 * outcome: it is acknowledged and left.
 */
export function readCardEvent(event: Stripe.Event): CardEvent | null {
  if (event.type === "refund.updated") return readRefundEvent(event);
  const completed = event.type === "checkout.session.completed";
  const step = STEP_OF_TYPE[event.type];
  if (!completed && !step) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.object !== "checkout.session") return null;
  return {
    eventId: event.id,
    orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
    sessionId: session.id,
    step: completed ? (session.payment_status === "paid" ? "card_paid" : null) : step!,
    amountCents: session.amount_total,
    currency: session.currency,
    refundId: null,
  };
}

/** Why Stripe's charge is not the order's (the amount or the currency differ), or null when it is. */
export function chargeMismatch(event: CardEvent, totalCents: number): string | null {
  if (event.currency !== "usd") return `Stripe charged in ${event.currency ?? "no currency"}, the order is in usd`;
  if (event.amountCents !== totalCents) return `Stripe charged ${event.amountCents ?? "nothing"} cents, the order's total is ${totalCents}`;
  return null;
}
