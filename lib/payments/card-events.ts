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
  sessionId: string;
  /** The step it takes; null for an event that moves nothing (a session completed, its payment still pending). */
  step: CardStep | null;
  /** What Stripe charged, in cents, and its currency. */
  amountCents: number | null;
  currency: string | null;
}

const STEP_OF_TYPE: Partial<Record<Stripe.Event.Type, CardStep>> = {
  "checkout.session.async_payment_succeeded": "card_paid",
  "checkout.session.async_payment_failed": "card_failed",
  "checkout.session.expired": "card_expired",
};

/** The event's card step for its order, or null for an event the shop does not act on (another type, or not a Checkout Session's). */
export function readCardEvent(event: Stripe.Event): CardEvent | null {
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
  };
}

/** Why Stripe's charge is not the order's (the amount or the currency differ), or null when it is. */
export function chargeMismatch(event: CardEvent, totalCents: number): string | null {
  if (event.currency !== "usd") return `Stripe charged in ${event.currency ?? "no currency"}, the order is in usd`;
  if (event.amountCents !== totalCents) return `Stripe charged ${event.amountCents ?? "nothing"} cents, the order's total is ${totalCents}`;
  return null;
}
