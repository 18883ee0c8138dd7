/**
 * The addresses of the checkout and the orders. Pure constants, so client
 * components may import them.
 */
import { ORDERS_PATH } from "@/lib/site-links";

export const CHECKOUT_PATH = "/checkout-page";
/** The checkout made without React, for a browser that runs no JavaScript. */
export const CHECKOUT_WITHOUT_JAVASCRIPT_PATH = "/checkout-page/without-javascript";
/** "Find my order": a guest asks for a new link to an order by email and reference (lib/orders/find-order.ts). */
export const FIND_ORDER_PATH = "/find-order";

/** An order's page: /orders-page/{id}, with ?token=… for a guest's order (guest-token.ts). Ids and tokens are URL-safe. */
export function orderPath(orderId: string, guestToken: string | null): string {
  return `${ORDERS_PATH}/${orderId}${guestToken ? `?token=${guestToken}` : ""}`;
}

/** The same order as a page made without React. */
export function orderPathWithoutJavascript(orderId: string, guestToken: string | null): string {
  return `${ORDERS_PATH}/${orderId}/without-javascript${guestToken ? `?token=${guestToken}` : ""}`;
}

/**
 * The sign-in page, coming back to an order's page once signed in: where an
 * order's link opened signed out, without a guest's token, leads (proxy.ts).
 * A plain same-origin path as the callback; the sign-in page keeps only such.
 */
export function signInForOrderPath(orderId: string): string {
  return `/sign-page?callbackUrl=${encodeURIComponent(orderPath(orderId, null))}`;
}
