/**
 * Paying a card order, the shop's side: where Stripe's page sends the
 * shopper back, and the next address after "Place order" or "Pay now"
 * (lib/payments/start-card-payment.ts makes or finds the page). A guest's
 * token never goes to Stripe: it rides back in a cookie of the shop's own
 * (cardReturnCookie), which the return route reads (card-return.ts).
 */
import "server-only";
import { cookies } from "next/headers";
import { cardReturnCookie } from "@/lib/cookies";
import type { Order } from "@/lib/data/contract/orders";
import type { Store } from "@/lib/data/contract/store";
import { startCardPayment } from "@/lib/payments/start-card-payment";
import { stripeClient } from "@/lib/payments/stripe-client";
import { absoluteUrl } from "@/lib/seo";
import { taxLabel } from "./bill-quote";
import { orderPath, orderPathWithoutJavascript } from "./paths";

/** What the order page says on coming back (its `card` query), each in the shopper's words. */
export const CARD_NOTICES = {
  returned: "Thank you: Stripe is confirming your payment. This page shows it as paid as soon as Stripe tells us.",
  back: "You left the payment page without paying. Your items are held while the payment can still be made: pay below.",
  unavailable: "Card payments are briefly unavailable, so no payment was started. Your order is kept: please try again in a moment.",
  out_of_stock: "Too few of this order's items are left in stock to hold it again, so it cannot be paid. Nothing was charged.",
} as const;
export type CardNotice = keyof typeof CARD_NOTICES;

/** The words of an order page's `card` query, or null for none (or one the shop never sends). */
export function cardNotice(query: string | string[] | undefined): string | null {
  return typeof query === "string" && Object.hasOwn(CARD_NOTICES, query) ? CARD_NOTICES[query as CardNotice] : null;
}

/** The shop's route Stripe sends the shopper back to (app/orders-page/[id]/card-return). */
const cardReturnPath = (orderId: string) => `/orders-page/${orderId}/card-return`;

/** The order's page, for a React browser or one without JavaScript, with a notice. */
export function orderPagePath(orderId: string, guestToken: string | null, plain: boolean, notice: CardNotice | null): string {
  const path = plain ? orderPathWithoutJavascript(orderId, guestToken) : orderPath(orderId, guestToken);
  return notice ? `${path}${path.includes("?") ? "&" : "?"}card=${notice}` : path;
}

/**
 * Where to go to pay `order`: Stripe's page, or its own page with the reason
 * none was opened. Leaving for Stripe, a guest's way back is set first (the
 * shop's return cookie, read by card-return.ts's route).
 */
export async function cardPaymentLocation(
  store: Pick<Store, "setCardSession">,
  order: Order,
  guestToken: string | null,
  plain: boolean,
): Promise<string> {
  const stripe = stripeClient();
  if (!stripe) return orderPagePath(order.id, guestToken, plain, "unavailable");
  const back = absoluteUrl(cardReturnPath(order.id));
  const view = plain ? "&view=plain" : "";
  const start = await startCardPayment(store, stripe, order, {
    // {CHECKOUT_SESSION_ID} is Stripe's placeholder, kept as it is (not URL-encoded).
    successUrl: `${back}?session_id={CHECKOUT_SESSION_ID}${view}`,
    cancelUrl: `${back}?back=1${view}`,
    taxName: taxLabel({ rate: order.taxRate, region: order.address.region }),
  });
  if (start.kind !== "pay") return orderPagePath(order.id, guestToken, plain, start.kind === "unavailable" ? "unavailable" : null);
  if (guestToken) {
    const cookie = cardReturnCookie();
    (await cookies()).set(cookie.name, `${order.id}.${guestToken}`, cookie.options);
  }
  return start.url;
}

/** The guest token a return cookie ("<orderId>.<token>") holds for `orderId`, or null (another order's, or none). */
export function tokenFromCardReturn(value: string | undefined, orderId: string): string | null {
  if (!value?.startsWith(`${orderId}.`)) return null;
  const token = value.slice(orderId.length + 1);
  return /^[A-Za-z0-9_-]{16,128}$/.test(token) ? token : null;
}
