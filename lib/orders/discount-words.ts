/**
 * A discount in words, as the admin's list, the checkout and the order
 * summary say it. Pure: the browser's checkout uses it.
 */
import type { NewDiscount } from "@/lib/data/contract/discounts";
import { formatCents } from "@/lib/money";

/** What a code takes off: "10% off" or "$5.00 off". */
export function discountOff(discount: Pick<NewDiscount, "kind" | "value">): string {
  return discount.kind === "percent" ? `${discount.value}% off` : `${formatCents(discount.value)} off`;
}

/** The bill's line of a code: "Discount (WELCOME-10)". */
export function discountLabel(code: string): string {
  return `Discount (${code})`;
}
