/**
 * Whether a discount code applies to an order, and what it takes off: one
 * rule for the store's placement (which counts the use in the same
 * transaction) and the checkout's figure. A percent is of the goods'
 * subtotal, rounded to the nearest cent, half a cent up; an amount is at
 * most the goods (a discount never exceeds what it discounts, and never
 * touches shipping or tax). Pure integers.
 */
import type { Discount, DiscountRefusal } from "../contract/discounts";

/** What the code takes off goods of `subtotalCents`. */
export function discountCentsOf(discount: Pick<Discount, "kind" | "value">, subtotalCents: number): number {
  if (discount.kind === "amount") return Math.min(discount.value, subtotalCents);
  return Math.min(Math.floor((subtotalCents * discount.value + 50) / 100), subtotalCents);
}

export interface DiscountUse {
  /** The goods' subtotal of the order. */
  subtotalCents: number;
  /** How many placed orders to this order's email used the code already. */
  usesByEmail: number;
  now: number;
}

/** Why the code does not apply to this order; null when it does. */
function discountRefusal(discount: Discount | null, use: DiscountUse): Exclude<DiscountRefusal, "discount_changed"> | null {
  if (!discount) return "unknown";
  if (discount.disabled) return "disabled";
  if (discount.startsAt !== null && use.now < discount.startsAt) return "not_started";
  if (discount.endsAt !== null && use.now >= discount.endsAt) return "ended";
  if (discount.maxUses !== null && discount.uses >= discount.maxUses) return "used_up";
  if (discount.maxUsesPerEmail !== null && use.usesByEmail >= discount.maxUsesPerEmail) return "used_by_email";
  if (use.subtotalCents < discount.minSubtotalCents) return "below_minimum";
  return null;
}

/** What the code takes off this order, or why it does not apply: the placement and the checkout's first answer both ask this. */
export function discountOutcome(discount: Discount | null, use: DiscountUse): number | Exclude<DiscountRefusal, "discount_changed"> {
  return discountRefusal(discount, use) ?? discountCentsOf(discount!, use.subtotalCents);
}
