/**
 * An order's states and history in the shopper's words, for the order pages
 * (React and without JavaScript alike): the order state table's shopper
 * words (lib/data/contract/order-states.ts). Pure.
 */
import {
  FULFILMENT,
  PAYMENT,
  PLACED_HISTORY_WORDS,
  RETURN,
  RETURN_WINDOW_MS,
  STEPS,
  type FulfilmentState,
  type PaymentState,
  type ReturnState,
} from "@/lib/data/contract/order-states";
import type { Order, OrderEvent } from "@/lib/data/contract/orders";
import { stepRefusal } from "@/lib/data/rules/order-steps";

export const fulfilmentLabel = (state: FulfilmentState): string => FULFILMENT[state].shopper;
export const paymentLabel = (state: PaymentState): string => PAYMENT[state].shopper;
export const returnLabel = (state: ReturnState): string => RETURN[state].shopper;

/** A history entry's words: the placement, or the step it records. */
export function eventLabel(event: OrderEvent): string {
  return event.step === "place" ? PLACED_HISTORY_WORDS : STEPS[event.step].words.history;
}

/** "Nov 25, 2026, 11:12 PM UTC": one zone for every reader, as the emails and the desk. */
export function orderTime(at: number): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(at) + " UTC";
}

/** Whether the shopper may request a return now: the table's request_return allows it from the order's state at `now`. */
export function returnOpen(
  order: Pick<Order, "fulfilment" | "payment" | "paymentMethod" | "deliveredAt" | "returnState">,
  now: number,
): boolean {
  return stepRefusal("request_return", order, now) === null;
}

/** The last day a return may be requested, for the page's sentence. */
export function returnDeadline(deliveredAt: number): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(deliveredAt + RETURN_WINDOW_MS);
}

export const RETURN_REASON_MAX = 500;
