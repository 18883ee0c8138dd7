/** The fields of an order's payment as the store takes them (orders.ts): its method, and a card order's Checkout Session. */
import { PAYMENT_METHOD_NAMES } from "./payment-states";
import { z } from "./zod";

/** A Stripe Checkout Session's id, as Stripe makes them ("cs_test_…", "cs_live_…"). */
export const cardSessionIdSchema = z
  .string({ error: "Card session must be text" })
  .regex(/^cs_[A-Za-z0-9_]{1,200}$/, "Card session must be a Stripe Checkout Session id");
export const paymentMethodSchema = z.enum(PAYMENT_METHOD_NAMES, { error: "Payment method is not one the shop takes" });
