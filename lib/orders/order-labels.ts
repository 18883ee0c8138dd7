/**
 * An order's states and history in the shopper's words, for the order pages
 * (React and without JavaScript alike). Pure.
 */
import {
  RETURN_WINDOW_MS,
  type FulfilmentState,
  type Order,
  type OrderEvent,
  type PaymentState,
  type ReturnState,
} from "@/lib/data/order-types";

export const FULFILMENT_LABELS: Record<FulfilmentState, string> = {
  placed: "Placed, not shipped yet",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

export const PAYMENT_LABELS: Record<PaymentState, string> = {
  due: "Due on delivery",
  paid: "Paid on delivery",
  refunded: "Refunded",
};

export const RETURN_LABELS: Record<ReturnState, string> = {
  requested: "Return requested",
  returned: "Returned",
  refused: "Return refused",
};

const STEP_LABELS: Record<OrderEvent["step"], string> = {
  place: "Order placed",
  ship: "Shipped",
  deliver: "Delivered",
  cancel: "Cancelled",
  record_payment: "Payment received",
  refund: "Refunded",
  request_return: "Return requested",
  accept_return: "Return accepted",
  refuse_return: "Return refused",
};

export function eventLabel(event: OrderEvent): string {
  return STEP_LABELS[event.step] ?? event.step;
}

/** "Nov 25, 2026, 11:12 PM UTC": one zone for every reader, as the emails and the desk. */
export function orderTime(at: number): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(at) + " UTC";
}

/** Whether the shopper may request a return now: delivered less than 30 days ago, none yet (order-types.ts request_return). */
export function returnOpen(order: Pick<Order, "fulfilment" | "deliveredAt" | "returnState">, now: number): boolean {
  return (
    order.fulfilment === "delivered" &&
    order.returnState === null &&
    order.deliveredAt !== null &&
    now - order.deliveredAt < RETURN_WINDOW_MS
  );
}

/** The last day a return may be requested, for the page's sentence. */
export function returnDeadline(deliveredAt: number): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(deliveredAt + RETURN_WINDOW_MS);
}

export const RETURN_REASON_MAX = 500;
