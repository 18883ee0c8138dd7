/**
 * The addresses of the checkout and the orders. Pure constants, so client
 * components may import them.
 */
export const CHECKOUT_PATH = "/checkout-page";
/** The checkout made without React, for a browser that runs no JavaScript. */
export const CHECKOUT_WITHOUT_JAVASCRIPT_PATH = "/checkout-page/without-javascript";
const ORDERS_PATH = "/orders-page";

/** An order's page: /orders-page/{id}, with ?token=… for a guest's order (guest-token.ts). Ids and tokens are URL-safe. */
export function orderPath(orderId: string, guestToken: string | null): string {
  return `${ORDERS_PATH}/${orderId}${guestToken ? `?token=${guestToken}` : ""}`;
}

/** The same order as a page made without React. */
export function orderPathWithoutJavascript(orderId: string, guestToken: string | null): string {
  return `${ORDERS_PATH}/${orderId}/without-javascript${guestToken ? `?token=${guestToken}` : ""}`;
}
