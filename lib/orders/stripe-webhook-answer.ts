/**
 * The answer to Stripe's webhook (app/api/stripe/webhook/route.ts):
 * - 404 when the shop takes no cards (no keys: the route is off);
 * - 400, nothing changed, when the Stripe-Signature header does not sign the
 *   raw body with STRIPE_WEBHOOK_SECRET within Stripe's five minutes;
 * - 503 when the store did not answer: Stripe delivers the event again;
 * - 200 otherwise, applied or not (card-webhook.ts says when an event changes
 *   nothing), so Stripe stops delivering it.
 */
import "server-only";
import Stripe from "stripe";
import { log } from "@/lib/log";
import { getStore } from "@/lib/data";
import { isStoreError } from "@/lib/data/contract/errors";
import { stripeClient, stripeSettings } from "@/lib/payments/stripe-client";
import { applyCardEvent } from "./card-webhook";
import { sendOrderEmailsAfterResponse } from "./send-after-response";

/** Stripe's events are small; anything far larger is not one. */
const BODY_MAX_BYTES = 512 * 1024;

const answer = (status: number, text: string) => new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

export async function answerStripeWebhook(request: Request): Promise<Response> {
  const settings = stripeSettings();
  const stripe = stripeClient(settings);
  if (!settings || !stripe) return answer(404, "The shop takes no card payments.");
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > BODY_MAX_BYTES) return answer(413, "Too large for a Stripe event.");
  const body = await request.text();
  if (Buffer.byteLength(body) > BODY_MAX_BYTES) return answer(413, "Too large for a Stripe event.");
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(body, request.headers.get("stripe-signature") ?? "", settings.webhookSecret);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
    log.warn("payments.webhook_bad_signature", "A Stripe webhook call's signature did not verify: refused, nothing changed");
    return answer(400, "The signature does not verify.");
  }
  try {
    const outcome = await applyCardEvent(await getStore(), event);
    if (outcome.kind === "applied") {
      log.info("payments.event_applied", "A Stripe event moved an order", { eventId: event.id, ...outcome });
      // The step wrote its email to the outbox: it leaves after this answer.
      sendOrderEmailsAfterResponse();
    }
    return answer(200, outcome.kind === "applied" ? `Applied: ${outcome.step}.` : `Nothing to change: ${outcome.why}.`);
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn("payments.webhook_store_unavailable", "A Stripe event waits: the store did not answer", { eventId: event.id }, error);
    return answer(503, "The store is briefly unavailable: deliver it again.");
  }
}
