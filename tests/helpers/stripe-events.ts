/**
 * An event the project's Stripe stand-in made, as the shop's webhook
 * receives it: without the stand-in's record of its deliveries, signed with
 * the webhook's secret, then verified as the route verifies it.
 */
import type Stripe from "stripe";
import type { StandInEvent } from "../../scripts/stripe-stand-in.mjs";

/** `made` as Stripe sends it to the webhook, signed with `secret` and verified. */
export function asDelivered(stripe: Stripe, made: StandInEvent, secret: string): Stripe.Event {
  const body = JSON.stringify({ ...made, attempts: undefined });
  return stripe.webhooks.constructEvent(body, stripe.webhooks.generateTestHeaderString({ payload: body, secret }), secret);
}
