/**
 * Where a shopper goes once "Place order" placed it: a card order straight
 * on to Stripe's page (lib/orders/card-payment.ts; a guest's token kept in
 * the shop's return cookie, never in a URL Stripe sees), else the order's
 * page. Shared by the React checkout's action and the page without
 * JavaScript.
 */
import "server-only";
import { cardPaymentLocation, orderPagePath } from "./card-payment";
import { orderingStore } from "./ordering-store";
import type { CheckoutOutcome } from "./place-order";

export async function locationAfterPlacing(placed: Extract<CheckoutOutcome, { kind: "placed" }>, plain: boolean): Promise<string> {
  const { order, guestToken } = placed;
  if (order.paymentMethod !== "card") return orderPagePath(order.id, guestToken, plain, null);
  return cardPaymentLocation(await orderingStore(), order, guestToken, plain);
}
