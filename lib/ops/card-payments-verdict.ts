/**
 * Doctor's card-payments check (docs/DEPLOY.md section 22): the Stripe keys
 * as production would use them. Their form was checked with every variable
 * (lib/env-variables.ts: sk_/rk_ and whsec_, both or neither); here what a
 * form check cannot say: that the shop takes no cards without them, that a
 * test key takes no money, that the stand-in is not Stripe. Stripe itself is
 * not called: a key is proven by the smoke test's card payment (section 22).
 */
import "server-only";
import type { ServerEnv } from "@/lib/env";
import { isLiveStripeKey } from "@/lib/payments/stripe-client";

type CardVerdict = { check: string } & ({ ok: true; detail: string } | { ok: false; problem: string });

const CHECK = "card payments (Stripe)";

export function cardPaymentsVerdict(env: ServerEnv, local: boolean): CardVerdict {
  if (!env.STRIPE_SECRET_KEY) {
    return { check: CHECK, ok: true, detail: "no Stripe keys: the shop takes no cards, and its checkout says so" };
  }
  if (env.STRIPE_API_URL && !local) {
    return { check: CHECK, ok: false, problem: `STRIPE_API_URL points at ${env.STRIPE_API_URL}, the Stripe stand-in: remove it` };
  }
  const live = isLiveStripeKey(env.STRIPE_SECRET_KEY);
  if (!live && !local) {
    return {
      check: CHECK,
      ok: false,
      problem:
        "STRIPE_SECRET_KEY is a test key: production takes no real payment with it. Use the live key (Dashboard → Developers → API keys), and the live endpoint's signing secret",
    };
  }
  return {
    check: CHECK,
    ok: true,
    detail: `${live ? "live" : "test"} secret key and a webhook signing secret${env.STRIPE_API_URL ? `, on the stand-in at ${env.STRIPE_API_URL}` : ""}`,
  };
}
