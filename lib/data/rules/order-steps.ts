/**
 * The order state table (../contract/order-states.ts) applied: whether a step
 * may be taken from an order's state, why not, and the order after it. Both
 * adapters take every step through applyStep inside their transaction; the
 * desk's buttons and the shopper's return form ask stepRefusal first, so they
 * offer exactly what the store would accept. Pure.
 */
import { StoreError } from "../contract/errors";
import { HOLDS_NO_STOCK, STEPS, stepRule, type OrderStateOf, type OrderStep, type PaymentState } from "../contract/order-states";
import type { Order, StepInput } from "../contract/orders";
import { paymentAfterRefunds, refundableCents } from "./card-refunds";

/** Why the order's state does not allow `step` (a state the table does not list for it), or null. */
function stateRefusal(step: OrderStep, order: OrderStateOf): string | null {
  const { from } = stepRule(step);
  if (from.fulfilment && !from.fulfilment.includes(order.fulfilment)) {
    return `the order is ${order.fulfilment}, not ${from.fulfilment.join(" or ")}`;
  }
  if (from.payment && !from.payment.includes(order.payment)) return `the payment is ${order.payment}, not ${from.payment.join(" or ")}`;
  if (from.returnState && !from.returnState.includes(order.returnState)) {
    if (order.returnState === null) return "no return was requested";
    return from.returnState.includes(null) ? `a return was already ${order.returnState}` : `the return is ${order.returnState}`;
  }
  return null;
}

/**
 * Why `step` may not be taken from `order`'s state at `at` (its states, then
 * any further rule of the table, such as the return window), or null when it
 * may. The note a step needs is the caller's to ask for (applyStep refuses
 * one missing).
 */
export function stepRefusal(step: OrderStep, order: OrderStateOf, at: number): string | null {
  return stateRefusal(step, order) ?? stepRule(step).alsoRefuses?.(order, at) ?? null;
}

/** The steps `by` may take from `order`'s state at `at`, in the table's order. */
export function openSteps(by: "admin" | "shopper" | "stripe", order: OrderStateOf, at: number): OrderStep[] {
  return (Object.keys(STEPS) as OrderStep[]).filter((step) => stepRule(step).by === by && stepRefusal(step, order, at) === null);
}

/** The state an event's from/to describe: fulfilment, and payment and return when they say something. */
function describe(order: Order): string {
  return [order.fulfilment, `payment ${order.payment}`, ...(order.returnState ? [`return ${order.returnState}`] : [])].join(", ");
}

const NOTE_REQUIRED = {
  trackingNumber: "a tracking number is required",
  returnReason: "a reason is required",
  stripeEvent: "the Stripe event is required",
} as const;

function refuse(step: OrderStep, why: string): never {
  throw new StoreError("conflict", `Cannot ${step.replace("_", " ")}: ${why}`, { step: why });
}

/** The payment after `step`: by the table's map for the order's method (a card's moves only by `cardPayment`). */
function paymentAfter(step: OrderStep, order: Order): PaymentState {
  const { to } = stepRule(step);
  const moves = order.paymentMethod === "card" ? to.cardPayment : to.payment;
  return moves?.[order.payment] ?? order.payment;
}

/** The units a step moves: given back (positive) when it gives stock back and the order holds it, taken (negative) when it takes it again. */
function stockMoves(step: OrderStep, order: Order): Map<string, number> {
  const rule = stepRule(step);
  const sign = rule.takesStock ? -1 : rule.givesStockBack && !HOLDS_NO_STOCK.includes(order.payment) ? 1 : 0;
  const moves = new Map<string, number>();
  if (sign !== 0) for (const line of order.lines) moves.set(line.productId, (moves.get(line.productId) ?? 0) + sign * line.quantity);
  return moves;
}

/** A refund step's order fields: its refund recorded (asked, or as Stripe said), the payment following what came back. */
function withRefund(step: OrderStep, kind: "asked" | "succeeded" | "failed", order: Order, input: StepInput, at: number) {
  const refund = input.refund;
  if (!refund) return refuse(step, "the refund is required");
  const known = order.cardRefunds.find((entry) => entry.id === refund.id);
  if (kind === "asked") {
    if (known) refuse(step, "this refund is recorded already");
    const left = refundableCents(order);
    if (refund.amountCents > left) refuse(step, `the refund is more than is left to refund (${left} cents)`);
    return { cardRefunds: [...order.cardRefunds, { ...refund, status: "pending" as const, at }] };
  }
  if (known?.status === kind) refuse(step, `this refund is ${kind} already`);
  // A refund made in Stripe's Dashboard is heard of first here: recorded as Stripe says it stands.
  const cardRefunds = known
    ? order.cardRefunds.map((entry) => (entry.id === refund.id ? { ...entry, status: kind } : entry))
    : [...order.cardRefunds, { ...refund, status: kind, at }];
  const after = { ...order, cardRefunds };
  return { cardRefunds, payment: paymentAfterRefunds(after) };
}

/** What a step does: the order after it, and the stock it moves (product id → units: given back positive, taken negative). */
interface StepOutcome {
  order: Order;
  restock: Map<string, number>;
  /** The discount code whose use this step gives back, and the order's email (null once erased: its count is left); null when none. */
  discountBack: { code: string; email: string | null } | null;
}

/**
 * Applies `input` to `order` at `at` as the table says, or throws conflict
 * naming why (a revision that moved, a state the step is not taken from, a
 * note it needs and did not get, a further rule such as the return window).
 */
export function applyStep(order: Order, input: StepInput, at: number): StepOutcome {
  const { step } = input;
  const rule = stepRule(step);
  if (order.revision !== input.expectedRevision) {
    refuse(step, `the order changed since (revision ${order.revision}, not ${input.expectedRevision})`);
  }
  const refusal = stepRefusal(step, order, at);
  if (refusal) refuse(step, refusal);
  if (rule.note && input.note === "") refuse(step, NOTE_REQUIRED[rule.note]);
  const next: Order = {
    ...order,
    fulfilment: rule.to.fulfilment ?? order.fulfilment,
    payment: paymentAfter(step, order),
    returnState: rule.to.returnState ?? order.returnState,
    ...(rule.note && rule.note !== "stripeEvent" ? { [rule.note]: input.note } : {}),
    ...(rule.stampsDelivery ? { deliveredAt: at } : {}),
    ...(rule.startsNewPayment ? { cardSession: null } : {}),
    revision: order.revision + 1,
  };
  if (rule.refund) Object.assign(next, withRefund(step, rule.refund, order, input, at));
  next.history = [...order.history, { at, by: input.by, step, from: describe(order), to: describe(next), note: input.note }];
  const restock = stockMoves(step, order);
  const discountBack =
    rule.givesDiscountUseBack && order.discountCode !== ""
      ? { code: order.discountCode, email: order.erasedAt === null ? order.contact.email : null }
      : null;
  return { order: next, restock, discountBack };
}
