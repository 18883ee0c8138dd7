/**
 * Where a shopper goes once "Place order" placed it: a card order straight
 * on to Stripe's page (lib/orders/card-payment.ts; a guest's token kept in
 * the shop's return cookie, never in a URL Stripe sees), else the order's
 * page. Shared by the React checkout's action and the page without
 * JavaScript.
 */
import "server-only";
import { cookies } from "next/headers";
import { cardReturnCookie } from "@/lib/cookies";
import { cardPaymentLocation, cardReturnValue, orderPagePath } from "./card-payment";
import { orderingStore } from "./ordering-store";
import type { CheckoutOutcome } from "./place-order";

export async function locationAfterPlacing(placed: Extract<CheckoutOutcome, { kind: "placed" }>, plain: boolean): Promise<string> {
  const { order, guestToken } = placed;
  if (order.paymentMethod !== "card") return orderPagePath(order.id, guestToken, plain, null);
  const { location, toStripe } = await cardPaymentLocation(await orderingStore(), order, guestToken, plain);
  if (toStripe && guestToken) {
    const cookie = cardReturnCookie();
    (await cookies()).set(cookie.name, cardReturnValue(order.id, guestToken), cookie.options);
  }
  return location;
}
