/**
 * Discount codes (DECISIONS "Money": percent or amount, a minimum, dates,
 * total and per-email uses, counted in the order's own transaction). The
 * operator creates a code, lists and disables it; a shopper enters it at
 * checkout. A use is counted when an order with the code is placed, in that
 * order's transaction, and given back when the order is cancelled. Money is
 * whole US cents (money.ts); times are milliseconds since the epoch.
 */
import { LIMITS } from "./limits";
import { z } from "./zod";

/** A code as stored and matched: upper case letters, digits and dashes, 3 to 32. */
const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,31}$/;

/** A code as a shopper or the operator types it: trimmed and upper-cased before it is matched. */
export const discountCodeSchema = z
  .string({ error: "A code must be text" })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(DISCOUNT_CODE_PATTERN, "A code is 3 to 32 letters, digits or dashes."));

const centsSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} must not be negative`)
    .max(LIMITS.priceMax * 100, `${label} must be at most ${LIMITS.priceMax}`);

const usesSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(1_000_000);

const timeSchema = z.number().int().min(0).nullable();

export const newDiscountSchema = z
  .strictObject({
    code: discountCodeSchema,
    kind: z.enum(["percent", "amount"], { error: "A discount is a percent or an amount" }),
    /** percent: 1 to 100; amount: cents off the goods. */
    value: z.number({ error: "The value must be a number" }).int("The value must be a whole number").min(1, "The value must be at least 1"),
    /** The goods' subtotal an order needs to use it; 0 for none. */
    minSubtotalCents: centsSchema("The minimum"),
    /** From when, until when it may be used; null: no bound. */
    startsAt: timeSchema,
    endsAt: timeSchema,
    /** How many orders may use it in all, and per email address; null: no limit. */
    maxUses: usesSchema("Total uses").nullable(),
    maxUsesPerEmail: usesSchema("Uses per email").nullable(),
  })
  .superRefine((discount, ctx) => {
    if (discount.kind === "percent" && discount.value > 100)
      ctx.addIssue({ code: "custom", path: ["value"], message: "A percent is at most 100" });
    if (discount.kind === "amount" && discount.value > LIMITS.priceMax * 100)
      ctx.addIssue({ code: "custom", path: ["value"], message: `An amount is at most ${LIMITS.priceMax}` });
    if (discount.startsAt !== null && discount.endsAt !== null && discount.endsAt <= discount.startsAt)
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must be after the start" });
  });
export type NewDiscount = z.output<typeof newDiscountSchema>;

/** Whether a code is disabled (DiscountStore.setDiscountDisabled). */
export const disabledSchema = z.boolean({ error: "Disabled must be true or false" });

/** A code as stored: what the operator set, how many placed orders use it now, whether it is disabled. */
export interface Discount extends NewDiscount {
  uses: number;
  disabled: boolean;
  createdAt: number;
  createdBy: string;
}

/**
 * Why a code does not apply to an order (the placement's conflict field
 * `discount`): unknown, disabled, not yet started, ended, no uses left, no
 * uses left for this email, or the goods under its minimum; or, when it
 * applies, not the amount the checkout showed (`discount_changed`, with
 * `discountCents` the amount now).
 */
export type DiscountRefusal =
  "unknown" | "disabled" | "not_started" | "ended" | "used_up" | "used_by_email" | "below_minimum" | "discount_changed";

export interface DiscountStore {
  /** Every code, newest first. */
  listDiscounts(): Promise<Discount[]>;
  /** One code (as typed: matched upper-cased); null when there is none. */
  getDiscount(code: string): Promise<Discount | null>;
  /** Creates a code; conflict when the code exists. */
  createDiscount(discount: NewDiscount, by: string): Promise<Discount>;
  /** Disables or enables a code (its uses kept); not_found when there is none. */
  setDiscountDisabled(code: string, disabled: boolean, by: string): Promise<Discount>;
  /** How many placed orders to `email` (any case) used `code`; a cancelled one gave its use back. */
  discountUsesByEmail(code: string, email: string): Promise<number>;
}
