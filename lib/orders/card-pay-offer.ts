/**
 * What an order's page offers a card order not yet paid (the React page and
 * the page without JavaScript alike): "Pay now" while it awaits payment,
 * "Pay again" once its payment lapsed, each posting to the order's pay
 * route (app/orders-page/[id]/pay). Nothing for any other order. Pure.
 */
import type { Order } from "@/lib/data/contract/orders";
import { formatCents } from "@/lib/money";

export interface CardPayOffer {
  /** The pay route the form posts to. */
  action: string;
  button: string;
  note: string;
}

export function cardPayOffer(order: Order): CardPayOffer | null {
  if (order.paymentMethod !== "card" || order.fulfilment !== "placed") return null;
  const action = `/orders-page/${order.id}/pay`;
  const total = formatCents(order.totalCents);
  if (order.payment === "awaiting")
    return { action, button: `Pay ${total} by card`, note: "Your items are held for you while you pay on Stripe's secure page." };
  if (order.payment === "expired" || order.payment === "failed")
    return {
      action,
      button: `Pay again: ${total} by card`,
      note: "The payment was not completed, so the items were released. Paying again holds them again while they are in stock.",
    };
  return null;
}
