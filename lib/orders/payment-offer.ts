/**
 * The ways to pay a checkout offers now (issue 40): by card where ops gave
 * the shop Stripe keys (lib/payments/stripe-client.ts), on delivery unless
 * the operator turned it off (the store's switch,
 * lib/data/contract/payment-settings.ts); in PAYMENT_CHOICES' order. None
 * at all (no keys, and pay on delivery off) leaves the checkout closed, said
 * in NO_WAY_TO_PAY, and `npm run doctor` fails on it.
 */
import type { PaymentMethod } from "@/lib/data/contract/payment-states";

/** Why Place order is disabled while the shop offers no way to pay. */
export const NO_WAY_TO_PAY =
  "The shop is not taking orders at the moment: it has no way to pay open. Your cart is kept: please come back later.";

export function paymentOffer(takesCards: boolean, payOnDelivery: boolean): PaymentMethod[] {
  const offer: PaymentMethod[] = [];
  if (takesCards) offer.push("card");
  if (payOnDelivery) offer.push("pay_on_delivery");
  return offer;
}
