/** The fields of an order's payment as the store takes them (orders.ts): its method, and a card order's Checkout Session. */
import { PAYMENT_METHOD_NAMES } from "./payment-states";
import { z } from "./zod";

/** A Stripe Checkout Session's id, as Stripe makes them ("cs_test_…", "cs_live_…"). */
export const cardSessionIdSchema = z
  .string({ error: "Card session must be text" })
  .regex(/^cs_[A-Za-z0-9_]{1,200}$/, "Card session must be a Stripe Checkout Session id");
export const paymentMethodSchema = z.enum(PAYMENT_METHOD_NAMES, { error: "Payment method is not one the shop takes" });

/**
 * A refund of a card order, made through Stripe's refund API from the order
 * desk (or found in Stripe's events): its Stripe id ("re_…"), what it gives
 * back in cents, and where it stands. Pending until Stripe says it succeeded
 * or failed (its webhook's refund.updated); only succeeded refunds count as
 * refunded money, a pending one keeps its amount from being refunded twice.
 */
export const cardRefundSchema = z.strictObject({
  id: z.string().regex(/^re_[A-Za-z0-9_]{1,200}$/, "Refund must be a Stripe refund id"),
  amountCents: z.number().int().positive(),
  status: z.enum(["pending", "succeeded", "failed"]),
  /** When it was asked for (or first heard of). */
  at: z.number(),
});
export type CardRefund = z.output<typeof cardRefundSchema>;

/** What a refund step carries (OrderStore.takeOrderStep): Stripe's refund, its id and amount; the step says where it stands. */
export const refundStepSchema = cardRefundSchema.omit({ at: true, status: true });
