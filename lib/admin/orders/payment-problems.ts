/**
 * What the desk shows as a problem with an order's card payment: each charge
 * Stripe reported that was not the order's amount or currency (the step
 * card_charge_mismatch, by the event it came in), which the shop never
 * takes as payment. The operator checks it in the Stripe Dashboard and
 * refunds it there; the order stays awaiting its payment.
 */
import type { Order } from "@/lib/data/contract/orders";

export function paymentProblems(order: Pick<Order, "history">): string[] {
  return order.history
    .filter((entry) => entry.step === "card_charge_mismatch")
    .map(
      (entry) =>
        `Stripe reported a charge that is not this order's total (event ${entry.note}), so it was not recorded as paid. Find the payment in the Stripe Dashboard and refund it there.`,
    );
}
