/**
 * Sends a card order's shopper to pay: to its current Checkout Session's page
 * while that is open, or to a new session for this attempt. A session is
 * asked for with an idempotency key per attempt and minute (Stripe keeps
 * keys 24 hours): a retry of the same attempt replays Stripe's first answer,
 * so a double click or a retried request never makes two payable pages; a
 * new attempt after a lapse gets a new key and a new session. The session's
 * id is remembered on the order (OrderStore.setCardSession) before the
 * shopper sees its page, so every event of a page they could pay on names
 * the order's current session.
 */
import "server-only";
import Stripe from "stripe";
import { log } from "@/lib/log";
import { isStoreError } from "@/lib/data/contract/errors";
import type { Order } from "@/lib/data/contract/orders";
import type { Store } from "@/lib/data/contract/store";
import { checkoutSessionParams, couponParams, SESSION_LIFETIME_S, type SessionSetting } from "./checkout-session";

export type CardStart =
  /** Stripe's page for this order, open. */
  | { kind: "pay"; url: string }
  /** Its session is no longer open (paid, or lapsed): the order's page says what Stripe's word made of it. */
  | { kind: "settling" }
  /** Not a card order awaiting payment (paid, cancelled, or lapsed and not yet paid again). */
  | { kind: "not_awaiting" }
  /** Stripe or the store did not answer: nothing the shopper could pay on was made; they can try again. */
  | { kind: "unavailable" };

/** The attempt an order's payment is at: 1, and one more each time its shopper paid again. */
const paymentAttempt = (order: Order): number => 1 + order.history.filter((event) => event.step === "pay_again").length;

export async function startCardPayment(
  store: Pick<Store, "setCardSession">,
  stripe: Stripe,
  order: Order,
  setting: SessionSetting,
  now = Date.now(),
): Promise<CardStart> {
  if (order.paymentMethod !== "card" || order.payment !== "awaiting") return { kind: "not_awaiting" };
  try {
    if (order.cardSession) {
      const current = await stripe.checkout.sessions.retrieve(order.cardSession);
      return current.status === "open" && current.url ? { kind: "pay", url: current.url } : { kind: "settling" };
    }
    const minute = Math.floor(now / 60_000);
    const key = `${order.id}-attempt-${paymentAttempt(order)}-${minute}`;
    const coupon =
      order.discountCents > 0 ? await stripe.coupons.create(couponParams(order), { idempotencyKey: `${order.id}-coupon` }) : null;
    // Decided by the key's minute, so a replay sends the same parameters; at least 31 minutes from any moment of it.
    const expiresAt = (minute + 1) * 60 + SESSION_LIFETIME_S;
    const session = await stripe.checkout.sessions.create(checkoutSessionParams(order, setting, coupon?.id ?? null, expiresAt), {
      idempotencyKey: key,
    });
    await store.setCardSession(order.id, session.id);
    if (!session.url) throw new Error(`Stripe answered session ${session.id} without a page`);
    return { kind: "pay", url: session.url };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      log.warn("payments.stripe_unavailable", "Stripe did not make or show a payment page", { orderId: order.id, type: error.type }, error);
      return { kind: "unavailable" };
    }
    if (isStoreError(error, "unavailable")) return { kind: "unavailable" };
    // The order moved on as its session was remembered (paid, cancelled): its page says so.
    if (isStoreError(error, "conflict")) return { kind: "settling" };
    throw error;
  }
}
