/**
 * An order's one state machine (DECISIONS "Orders"): its states in three
 * dimensions (fulfilment, payment, return), the steps between them, who may
 * take each, what each needs, sets, gives back and emails, and the words each
 * surface shows. Everything else is derived from this table: the zod enums
 * (orders.ts), applyStep and the desk's allowed steps (../rules/order-steps.ts),
 * every label (the shopper's order page and its no-JS twin, the emails, the
 * desk), and the SQLite CHECK lists, which tests/order-states.test.ts holds
 * to it on a live database. Adding a state or a step is one entry here, plus
 * for a state its SQLite migration (docs/ARCHITECTURE.md, "Recipes").
 */

import { CARD_STEPS } from "./card-steps";
import { namesOf, type PaymentMethod, type PaymentState, type StateWords } from "./payment-states";

export * from "./payment-states";

/** Fulfilment: placed → shipped → delivered, or cancelled before shipping. */
export const FULFILMENT = {
  placed: { shopper: "Placed, not shipped yet", desk: "Placed" },
  shipped: { shopper: "Shipped", desk: "Shipped" },
  delivered: { shopper: "Delivered", desk: "Delivered" },
  cancelled: { shopper: "Cancelled", desk: "Cancelled" },
} as const satisfies Record<string, StateWords>;

/** A return request: requested → returned or refused; an order without one has none (null). */
export const RETURN = {
  requested: { shopper: "Return requested", desk: "Return requested" },
  returned: { shopper: "Returned", desk: "Returned" },
  refused: { shopper: "Return refused", desk: "Return refused" },
} as const satisfies Record<string, StateWords>;

export type FulfilmentState = keyof typeof FULFILMENT;
export type ReturnState = keyof typeof RETURN;

export const FULFILMENT_STATES = namesOf(FULFILMENT);
export const RETURN_STATES = namesOf(RETURN);

/** How long after delivery a return may be requested. */
export const RETURN_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** An order's state, as a step's rule reads it. */
export interface OrderStateOf {
  fulfilment: FulfilmentState;
  payment: PaymentState;
  paymentMethod: PaymentMethod;
  returnState: ReturnState | null;
  deliveredAt: number | null;
}

/** The facts a step's email sentence may name: the order's total (formatted) and the step's note. */
interface EmailFacts {
  total: string;
  note: string;
}

export interface StepRule {
  /** Who takes it: an admin on the order desk, the order's owner on its page, or Stripe's webhook (card-steps.ts). */
  by: "admin" | "shopper" | "stripe";
  /** The states it may be taken from; a dimension not named may be in any state. */
  from: {
    fulfilment?: readonly FulfilmentState[];
    payment?: readonly PaymentState[];
    returnState?: readonly (ReturnState | null)[];
  };
  /**
   * What it sets: fulfilment and return by name, payment by the payment state
   * it finds (one not named stays); an order paid by card by `cardPayment`
   * instead, as only Stripe's word moves its money (none named: it stays).
   */
  to: {
    fulfilment?: FulfilmentState;
    payment?: Partial<Record<PaymentState, PaymentState>>;
    cardPayment?: Partial<Record<PaymentState, PaymentState>>;
    returnState?: ReturnState;
  };
  /**
   * The note it needs: the ship step's tracking number and a return request's
   * reason (kept on the order too), or the id of the Stripe event a webhook
   * step applies (kept in its history entry: an event seen there is not
   * applied again).
   */
  note: "trackingNumber" | "returnReason" | "stripeEvent" | null;
  /** Whether the order's units go back into stock (an order holding none, HOLDS_NO_STOCK, gives nothing). */
  givesStockBack: boolean;
  /** Whether it takes the order's units from stock again (refused, naming the lines, when too few are left). */
  takesStock?: boolean;
  /** Whether it starts a new card payment: the order forgets its Checkout Session, so the old one's events change nothing. */
  startsNewPayment?: boolean;
  /**
   * A refund by card (its input's `refund`; ../rules/card-refunds.ts): asked
   * of Stripe (pending, at most what is left), or Stripe's word that it
   * succeeded (the payment then follows what came back) or failed.
   */
  refund?: "asked" | "succeeded" | "failed";
  /** Whether the order's discount code gets its use back (a cancelled order never used it; a returned one did). */
  givesDiscountUseBack: boolean;
  /** Whether it stamps deliveredAt, from which the return window counts. */
  stampsDelivery: boolean;
  /** A refusal beyond the states, or null when the step may be taken at `at`. */
  alsoRefuses?: (order: OrderStateOf, at: number) => string | null;
  words: {
    /** The order's history, as the shopper and the desk read it. */
    history: string;
    /** The desk's button, and what the desk says once it is done (admin steps). */
    button?: string;
    done?: string;
    /** The email's subject ends "Your order XXXX-XXXX-XXXX: {subject}"; its sentence follows the greeting. */
    subject: string;
    email: (facts: EmailFacts) => string;
  };
}

/** Every step an order can take after it is placed, in the order the desk lists its buttons. */
export const STEPS = {
  ship: {
    by: "admin",
    from: { fulfilment: ["placed"] },
    to: { fulfilment: "shipped" },
    note: "trackingNumber",
    givesStockBack: false,
    givesDiscountUseBack: false,
    stampsDelivery: false,
    alsoRefuses: (order) => (order.paymentMethod === "card" && order.payment !== "paid" ? "a card order ships once it is paid" : null),
    words: {
      history: "Shipped",
      button: "Mark shipped",
      done: "Marked shipped; the shopper is emailed the tracking number.",
      subject: "shipped",
      email: ({ note }) => `Your order has shipped. Tracking number: ${note}.`,
    },
  },
  deliver: {
    by: "admin",
    from: { fulfilment: ["shipped"] },
    to: { fulfilment: "delivered" },
    note: null,
    givesStockBack: false,
    givesDiscountUseBack: false,
    stampsDelivery: true,
    words: {
      history: "Delivered",
      button: "Mark delivered",
      done: "Marked delivered; the shopper is emailed.",
      subject: "delivered",
      email: () => "Your order was delivered. You can request a return within 30 days from your order's page.",
    },
  },
  cancel: {
    by: "admin",
    from: { fulfilment: ["placed"] },
    // Nothing is owed for an order that will not come; what was paid is refunded.
    to: {
      fulfilment: "cancelled",
      payment: { due: "voided", paid: "refunded" },
      cardPayment: { awaiting: "voided", expired: "voided", failed: "voided" },
    },
    note: null,
    givesStockBack: true,
    givesDiscountUseBack: true,
    stampsDelivery: false,
    alsoRefuses: (order) =>
      order.paymentMethod === "card" && order.payment === "paid"
        ? "a card payment is refunded through Stripe before the order is cancelled"
        : null,
    words: {
      history: "Cancelled",
      button: "Cancel order",
      done: "Cancelled; its stock is given back and the shopper is emailed.",
      subject: "cancelled",
      email: () => "Your order was cancelled.",
    },
  },
  record_payment: {
    by: "admin",
    // Pay on delivery: the payment is recorded at or after delivery.
    from: { fulfilment: ["delivered"], payment: ["due"] },
    to: { payment: { due: "paid" } },
    note: null,
    givesStockBack: false,
    givesDiscountUseBack: false,
    stampsDelivery: false,
    words: {
      history: "Payment received",
      button: "Record payment",
      done: "Payment recorded; the shopper is emailed.",
      subject: "payment received",
      email: ({ total }) => `We received your payment of ${total}. Thank you.`,
    },
  },
  refund: {
    by: "admin",
    from: { payment: ["paid"] },
    to: { payment: { paid: "refunded" } },
    note: null,
    givesStockBack: false,
    givesDiscountUseBack: false,
    stampsDelivery: false,
    alsoRefuses: (order) => (order.paymentMethod === "card" ? "a card payment is refunded through Stripe" : null),
    words: {
      history: "Refunded",
      button: "Record refund",
      done: "Refund recorded; the shopper is emailed.",
      subject: "refunded",
      email: ({ total }) => `We refunded ${total}.`,
    },
  },
  request_return: {
    by: "shopper",
    from: { fulfilment: ["delivered"], returnState: [null] },
    to: { returnState: "requested" },
    note: "returnReason",
    givesStockBack: false,
    givesDiscountUseBack: false,
    stampsDelivery: false,
    alsoRefuses: (order, at) =>
      order.deliveredAt === null || at - order.deliveredAt >= RETURN_WINDOW_MS ? "the 30 days to ask for a return have passed" : null,
    words: {
      history: "Return requested",
      subject: "return requested",
      email: ({ note }) => `We received your return request (“${note}”). We will email you when we have decided.`,
    },
  },
  accept_return: {
    by: "admin",
    from: { returnState: ["requested"] },
    // What was paid on delivery is refunded; what was not is owed no more. A card payment is refunded through Stripe.
    to: { returnState: "returned", payment: { due: "voided", paid: "refunded" } },
    note: null,
    givesStockBack: true,
    givesDiscountUseBack: false,
    stampsDelivery: false,
    words: {
      history: "Return accepted",
      button: "Accept return",
      done: "Return accepted; its stock is given back and the shopper is emailed.",
      subject: "return accepted",
      email: () => "Your return was accepted.",
    },
  },
  refuse_return: {
    by: "admin",
    from: { returnState: ["requested"] },
    to: { returnState: "refused" },
    note: null,
    givesStockBack: false,
    givesDiscountUseBack: false,
    stampsDelivery: false,
    words: {
      history: "Return refused",
      button: "Refuse return",
      done: "Return refused; the shopper is emailed.",
      subject: "return refused",
      email: () => "We could not accept your return. Reply to this email if you have questions.",
    },
  },
  ...CARD_STEPS,
} as const satisfies Record<string, StepRule>;

export type OrderStep = keyof typeof STEPS;
export const ORDER_STEPS = Object.keys(STEPS) as [OrderStep, ...OrderStep[]];

/** The steps an admin takes on the desk (the others are the shopper's own), in the table's order. */
export type DeskStep = { [S in OrderStep]: (typeof STEPS)[S]["by"] extends "admin" ? S : never }[OrderStep];
export const DESK_STEPS = ORDER_STEPS.filter((step): step is DeskStep => STEPS[step].by === "admin") as [DeskStep, ...DeskStep[]];

/** The steps Stripe's webhook takes (card-steps.ts), in the table's order. */
export type CardStep = { [S in OrderStep]: (typeof STEPS)[S]["by"] extends "stripe" ? S : never }[OrderStep];

/** The rule of a step, read through the table's one shape. */
export const stepRule = (step: OrderStep): StepRule => STEPS[step];

/** The history's first entry, the placement, beside the steps' own. */
export const PLACED_HISTORY_WORDS = "Order placed";
