/**
 * A cancelled card order's payment page is closed at Stripe, so nobody can
 * pay for an order that will not come: the session is expired (Stripe's
 * own `expire`), which its webhook then reports and the order ignores (it
 * is past it). A page already paid, expired or gone is left as it is; a
 * payment that completed just before the cancel is the webhook's to report
 * (lib/orders/card-webhook.ts logs it for a refund).
 */
import "server-only";
import Stripe from "stripe";
import { log } from "@/lib/log";
import type { Order } from "@/lib/data/contract/orders";
import { stripeClient } from "./stripe-client";

export async function closeCardSession(order: Order, stripe: Stripe | null = stripeClient()): Promise<void> {
  if (order.paymentMethod !== "card" || !order.cardSession || !stripe) return;
  try {
    const session = await stripe.checkout.sessions.retrieve(order.cardSession);
    if (session.status === "open") await stripe.checkout.sessions.expire(order.cardSession);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    // The page stays open until its own expiry (31 minutes at most); a payment on it is reported for a refund.
    log.error("payments.session_not_closed", "A cancelled order's payment page could not be closed at Stripe", error, {
      orderId: order.id,
      session: order.cardSession,
    });
  }
}
