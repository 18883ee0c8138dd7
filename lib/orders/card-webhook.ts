/**
 * Stripe's word on a card payment, applied to its order (the webhook route,
 * app/api/stripe/webhook/route.ts, verifies the signature first). The event
 * is the only thing that moves a card order's money; the success page never
 * does. Each event is applied once, in any order, however often it comes:
 * - its id is remembered in the history entry of the step it took, so a
 *   second delivery finds it there and changes nothing;
 * - the step is taken at the revision the order was read at, so of two
 *   instances applying it at once one commits and the other reads again and
 *   finds it applied;
 * - an event of a session other than the order's current one (an attempt
 *   that lapsed, or a page never shown) changes nothing;
 * - an event the order's state no longer allows (a session expiring after
 *   the order was cancelled) changes nothing;
 * - a charge whose amount or currency is not the order's is never marked
 *   paid, and is logged as an error for the operator.
 */
import "server-only";
import type Stripe from "stripe";
import { log } from "@/lib/log";
import { isStoreError } from "@/lib/data/contract/errors";
import type { Store } from "@/lib/data/contract/store";
import { stepRefusal } from "@/lib/data/rules/order-steps";
import { chargeMismatch, readCardEvent } from "@/lib/payments/card-events";
import { stepEmail } from "./emails";

export type CardEventOutcome =
  | { kind: "applied"; orderId: string; step: string }
  /** Nothing to do: `why` says which rule above left the order as it was. */
  | { kind: "ignored"; why: string };

/** How often a step is tried again when another writer moved the order between its read and its commit. */
const STEP_TRIES = 5;

/** Applies `event` to its order; throws StoreError "unavailable" when the store did not answer (Stripe delivers it again). */
export async function applyCardEvent(store: Store, event: Stripe.Event, now = Date.now): Promise<CardEventOutcome> {
  const card = readCardEvent(event);
  if (!card) return { kind: "ignored", why: `the shop does not act on ${event.type}` };
  if (!card.orderId) return ignored(event, "it names no order");
  for (let tries = 0; tries < STEP_TRIES; tries++) {
    const order = await store.getOrder(card.orderId).catch((error: unknown) => {
      if (isStoreError(error, "invalid_input")) return null;
      throw error;
    });
    if (!order) return ignored(event, "no order has its id");
    if (order.history.some((entry) => entry.note === card.eventId)) return { kind: "ignored", why: "it was applied already" };
    if (card.sessionId !== null && order.cardSession !== card.sessionId) {
      // Money taken on a page the order no longer counts on is never recorded: the operator refunds it.
      if (card.step === "card_paid")
        moneyNotRecorded(order.id, card.eventId, "it was paid on another session than the order's current one");
      return { kind: "ignored", why: "it is about another session than the order's current one" };
    }
    if (!card.step) return { kind: "ignored", why: "its payment is still pending" };
    // A charge of another amount or currency is never taken as payment: it is recorded as a problem the desk shows.
    const mismatch = card.step === "card_paid" ? chargeMismatch(card, order.totalCents) : null;
    const step = mismatch ? "card_charge_mismatch" : card.step;
    if (mismatch && tries === 0)
      log.error("payments.charge_mismatch", "Stripe took a payment that is not the order's: it is not marked paid", undefined, {
        orderId: order.id,
        eventId: card.eventId,
        why: mismatch,
      });
    const recorded = card.refundId ? order.cardRefunds.find((refund) => refund.id === card.refundId) : undefined;
    if (recorded && recorded.status !== "pending") return { kind: "ignored", why: `the refund is recorded ${recorded.status} already` };
    const refusal = stepRefusal(step, order, now());
    if (refusal) {
      // Money taken for an order that no longer awaits it (cancelled as it was paid): the operator refunds it.
      if (card.step === "card_paid") moneyNotRecorded(order.id, card.eventId, `the order's payment is ${order.payment}`);
      return { kind: "ignored", why: `the order is past it (${refusal})` };
    }
    try {
      await store.takeOrderStep(order.id, {
        step,
        expectedRevision: order.revision,
        by: "stripe",
        note: card.eventId,
        email: stepEmail(step),
        ...(card.refundId ? { refund: { id: card.refundId, amountCents: card.amountCents ?? 0 } } : {}),
      });
      return { kind: "applied", orderId: order.id, step };
    } catch (error) {
      // Another writer moved the order first: read it again.
      if (!isStoreError(error, "conflict")) throw error;
    }
  }
  throw new Error(`Stripe event ${card.eventId}: the order kept moving under ${STEP_TRIES} tries`);
}

/** Stripe took money the order does not record as paid: one error line, for a refund from Stripe's Dashboard. */
function moneyNotRecorded(orderId: string, eventId: string, why: string): void {
  log.error("payments.paid_past_order", "Stripe took a payment the order does not record: refund it", undefined, { orderId, eventId, why });
}

/** An event about no order the shop knows: acknowledged (Stripe would deliver it for days), and logged. */
function ignored(event: Stripe.Event, why: string): CardEventOutcome {
  log.warn("payments.event_without_order", "A Stripe event names no order of this shop", { eventId: event.id, type: event.type, why });
  return { kind: "ignored", why };
}
