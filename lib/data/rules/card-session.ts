/**
 * Which Stripe Checkout Session a card order is paid through: the one made
 * for its current attempt, remembered as it is made. Only a card order
 * awaiting payment takes one (an order paid, lapsed or cancelled has no
 * page to pay on). Pure; both adapters apply it in their transaction.
 */
import { StoreError } from "../contract/errors";
import type { Order } from "../contract/orders";

/** The order with `sessionId` as its current session, or conflict naming why it takes none. */
export function orderWithCardSession(order: Order, sessionId: string): Order {
  if (order.paymentMethod !== "card") throw new StoreError("conflict", "The order is not paid by card", { payment: "not_card" });
  if (order.payment !== "awaiting") {
    throw new StoreError("conflict", `The order's card payment is ${order.payment}, not awaiting`, { payment: order.payment });
  }
  return order.cardSession === sessionId ? order : { ...order, cardSession: sessionId };
}
