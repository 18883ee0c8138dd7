/**
 * Refunds of a card order (DECISIONS "Money"), one rule for the desk's form,
 * the store's step and the order's words. Money given back through Stripe
 * counts once Stripe says it succeeded; a pending refund keeps its amount
 * from being asked for twice. A refund of some items gives back their goods
 * less their share of the discount (in proportion to the goods), plus the
 * sales tax on that at the order's own rate; shipping comes back only with
 * the rest of the order ("everything left"). Whole cents, rounded half up
 * once per refund, never past what is left. Pure.
 */
import type { Order } from "../contract/orders";
import type { PaymentState } from "../contract/order-states";
import { lineCents } from "../contract/money";

const sumOf = (order: Order, statuses: readonly string[]) =>
  order.cardRefunds.filter((refund) => statuses.includes(refund.status)).reduce((sum, refund) => sum + refund.amountCents, 0);

/** What Stripe has given back. */
export const refundedCents = (order: Order): number => sumOf(order, ["succeeded"]);

/** What is left to refund: the total less what was given back and what is being given back. */
export const refundableCents = (order: Order): number => order.totalCents - sumOf(order, ["succeeded", "pending"]);

/** What giving back `quantities` of the order's lines refunds (product id → units), capped at what is left. */
export function itemsRefundCents(order: Order, quantities: ReadonlyMap<string, number>): number {
  const goods = order.lines.reduce(
    (sum, line) => sum + lineCents(line.unitPriceCents, Math.min(quantities.get(line.productId) ?? 0, line.quantity)),
    0,
  );
  const discountShare = order.subtotalCents === 0 ? 0 : Math.round((order.discountCents * goods) / order.subtotalCents);
  // taxRate is in thousandths of a percent: 6250 is 6.25 %.
  const taxShare = Math.round(((goods - discountShare) * order.taxRate) / 100_000);
  return Math.min(goods - discountShare + taxShare, refundableCents(order));
}

/** The payment once Stripe's refunds are counted: refunded when all of it came back, partly when some did. */
export function paymentAfterRefunds(order: Order): PaymentState {
  const back = refundedCents(order);
  if (back >= order.totalCents) return "refunded";
  return back > 0 ? "partially_refunded" : order.payment;
}
