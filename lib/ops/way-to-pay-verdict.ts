/**
 * Doctor's "a way to pay" check: the checkout offers cards where the shop
 * has Stripe keys and pay on delivery unless the operator turned it off
 * (lib/orders/payment-offer.ts). With neither, no shopper can order: a
 * failure, with the two ways out.
 */
import "server-only";
import type { ServerEnv } from "@/lib/env";
import { paymentOffer } from "@/lib/orders/payment-offer";
import { stripeSettings } from "@/lib/payments/stripe-client";

type WayToPayVerdict = { check: string } & ({ ok: true; detail: string } | { ok: false; problem: string });

const CHECK = "a way to pay";

export function wayToPayVerdict(env: ServerEnv, payOnDelivery: boolean): WayToPayVerdict {
  const offer = paymentOffer(stripeSettings(env) !== null, payOnDelivery);
  if (offer.length === 0)
    return {
      check: CHECK,
      ok: false,
      problem:
        "no shopper can order: the shop has no Stripe keys and the operator turned pay on delivery off. Set the keys (docs/DEPLOY.md, Card payments), or turn pay on delivery on at /admin-entry/payments",
    };
  const words = { card: "cards", pay_on_delivery: "pay on delivery" } as const;
  return { check: CHECK, ok: true, detail: `the checkout offers ${offer.map((method) => words[method]).join(" and ")}` };
}
