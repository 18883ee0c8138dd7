/**
 * An order's page on this site: /orders-page/{id}, with ?token=… for a
 * guest's order (lib/orders/guest-token.ts). Ids and tokens are URL-safe.
 */
export const ORDERS_PATH = "/orders-page";

export function orderPath(orderId: string, guestToken: string | null): string {
  return `${ORDERS_PATH}/${orderId}${guestToken ? `?token=${guestToken}` : ""}`;
}
