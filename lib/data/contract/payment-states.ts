/**
 * The payment dimension of the order state table (order-states.ts, which
 * re-exports all of it): the payment states and their words, the methods,
 * and what a method starts in. Pure constants.
 */

/** How a state reads: on the shopper's order pages (React and without JavaScript alike) and on the order desk. */
export interface StateWords {
  shopper: string;
  desk: string;
}

/** A table's state names, in its order, as the non-empty tuple zod's enums take. */
export const namesOf = <K extends string>(table: Record<K, unknown>) => Object.keys(table) as [K, ...K[]];

/** A payment state's words, and where an order paid by card reads otherwise. */
interface PaymentWords extends StateWords {
  byCard?: StateWords;
}

/**
 * Payment, its own dimension so that a method's states join it. On delivery:
 * due → paid → refunded. By card (Stripe Checkout, its webhook the only
 * witness: card-steps.ts): awaiting → paid, or expired / failed, which hold
 * no stock until the shopper pays again. An order cancelled or returned
 * before it was paid owes nothing (voided).
 */
export const PAYMENT = {
  due: { shopper: "Due on delivery", desk: "Payment due" },
  awaiting: { shopper: "Awaiting card payment", desk: "Awaiting card payment" },
  expired: { shopper: "Card payment not completed in time", desk: "Card payment expired" },
  failed: { shopper: "Card payment failed", desk: "Card payment failed" },
  paid: { shopper: "Paid on delivery", desk: "Paid", byCard: { shopper: "Paid by card", desk: "Paid by card" } },
  partially_refunded: { shopper: "Partly refunded", desk: "Partly refunded" },
  refunded: { shopper: "Refunded", desk: "Refunded" },
  voided: { shopper: "Nothing is due", desk: "Nothing due" },
} as const satisfies Record<string, PaymentWords>;

/** A card order in these payment states holds no stock: its units went back when the payment lapsed. */
export type PaymentState = keyof typeof PAYMENT;
export const PAYMENT_STATES = namesOf(PAYMENT);

export const HOLDS_NO_STOCK: readonly PaymentState[] = ["expired", "failed"];

/** How an order is paid, in the words of each reader. */
export const PAYMENT_METHODS = {
  pay_on_delivery: { shopper: "Pay on delivery", desk: "pay on delivery" },
  card: { shopper: "Card", desk: "card (Stripe)" },
} as const satisfies Record<string, StateWords>;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;
export const PAYMENT_METHOD_NAMES = namesOf(PAYMENT_METHODS);

/** The payment state an order starts in, by its method. */
export const FIRST_PAYMENT: Record<PaymentMethod, PaymentState> = { pay_on_delivery: "due", card: "awaiting" };

/** A payment state in a reader's words, as the order's method reads it ("Paid by card", "Paid on delivery"). */
export function paymentWords(state: PaymentState, method: PaymentMethod, reader: keyof StateWords): string {
  const words: PaymentWords = PAYMENT[state];
  return (method === "card" && words.byCard ? words.byCard : words)[reader];
}
