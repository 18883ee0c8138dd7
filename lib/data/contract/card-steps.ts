/**
 * The steps of a card payment (DECISIONS "Money"), part of the one state
 * table (order-states.ts, STEPS). Stripe's webhook takes all but pay_again,
 * each noting the id of the event it applies; the success page never does.
 * A lapsed payment (expired, failed) gives the order's units back; paying
 * again takes them again, or is refused when too few are left. A refund is
 * asked of Stripe from the desk and counts once Stripe says it succeeded.
 */
import type { StepRule } from "./order-states";

const PAY_AGAIN = "You can pay again from your order's page while the items are in stock.";

export const CARD_STEPS = {
  card_paid: {
    by: "stripe",
    from: { payment: ["awaiting"] },
    to: { cardPayment: { awaiting: "paid" } },
    note: "stripeEvent",
    givesStockBack: false,
    givesDiscountUseBack: false,
    stampsDelivery: false,
    words: {
      history: "Paid by card",
      subject: "payment received",
      email: ({ total }) => `We received your card payment of ${total}. Thank you: we will email you when your order ships.`,
    },
  },
  card_expired: {
    by: "stripe",
    from: { fulfilment: ["placed"], payment: ["awaiting"] },
    to: { cardPayment: { awaiting: "expired" } },
    note: "stripeEvent",
    givesStockBack: true,
    givesDiscountUseBack: false,
    stampsDelivery: false,
    words: {
      history: "Card payment expired",
      subject: "payment not completed",
      email: () => `Your card payment was not completed in time, so we released the items. ${PAY_AGAIN}`,
    },
  },
  card_failed: {
    by: "stripe",
    from: { fulfilment: ["placed"], payment: ["awaiting"] },
    to: { cardPayment: { awaiting: "failed" } },
    note: "stripeEvent",
    givesStockBack: true,
    givesDiscountUseBack: false,
    stampsDelivery: false,
    words: {
      history: "Card payment failed",
      subject: "payment failed",
      email: () => `Your card payment did not go through, so we released the items. ${PAY_AGAIN}`,
    },
  },
  card_charge_mismatch: {
    by: "stripe",
    from: { payment: ["awaiting"] },
    to: {},
    note: "stripeEvent",
    givesStockBack: false,
    givesDiscountUseBack: false,
    stampsDelivery: false,
    words: {
      history: "Stripe took a payment that is not the order's total: not recorded as paid",
      subject: "payment being checked",
      email: ({ total }) =>
        `We received a card payment that does not match your order's total of ${total}, so your order is not marked paid yet. We will contact you to put it right, and refund any amount not owed.`,
    },
  },
  pay_again: {
    by: "shopper",
    from: { fulfilment: ["placed"], payment: ["expired", "failed"] },
    to: { cardPayment: { expired: "awaiting", failed: "awaiting" } },
    note: null,
    givesStockBack: false,
    takesStock: true,
    startsNewPayment: true,
    givesDiscountUseBack: false,
    stampsDelivery: false,
    words: {
      history: "Paying again by card",
      subject: "paying again",
      email: () =>
        "We are holding your items again while you pay by card. If you leave the payment page, you can return to it from your order's page.",
    },
  },
  refund_by_card: {
    by: "admin",
    from: { payment: ["paid", "partially_refunded"] },
    to: {},
    note: null,
    givesStockBack: false,
    givesDiscountUseBack: false,
    stampsDelivery: false,
    refund: "asked",
    alsoRefuses: (order) => (order.paymentMethod === "card" ? null : "only a card payment is refunded through Stripe"),
    words: {
      history: "Card refund asked of Stripe",
      button: "Refund by card",
      done: "Refund asked of Stripe: it shows as pending until Stripe confirms it; the shopper is emailed then.",
      subject: "refund started",
      email: () => "We have started a refund to your card. We will email you when it is complete.",
    },
  },
  card_refunded: {
    by: "stripe",
    from: { payment: ["paid", "partially_refunded"] },
    to: {},
    note: "stripeEvent",
    givesStockBack: false,
    givesDiscountUseBack: false,
    stampsDelivery: false,
    refund: "succeeded",
    words: {
      history: "Card refund completed",
      subject: "refund completed",
      email: () => "Your refund is complete. It can take 5 to 10 days to show on your card's statement.",
    },
  },
  card_refund_failed: {
    by: "stripe",
    from: { payment: ["paid", "partially_refunded"] },
    to: {},
    note: "stripeEvent",
    givesStockBack: false,
    givesDiscountUseBack: false,
    stampsDelivery: false,
    refund: "failed",
    words: {
      history: "Card refund failed",
      subject: "refund not completed",
      email: () => "Your card's bank could not take back a refund we sent. We will contact you to refund you another way.",
    },
  },
} as const satisfies Record<string, StepRule>;
