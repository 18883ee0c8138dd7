/**
 * The checkout's bill in the shopper's words, where the page and the store
 * differ or the page had not priced it (lib/orders/place-order.ts): the
 * figures now, so the order is placed knowing them; and a discount code's
 * refusal on its field. Server-only: a code is priced from the store.
 */
import "server-only";
import type { DiscountRefusal } from "@/lib/data/contract/discounts";
import type { Bill } from "@/lib/data/rules/bill";
import { discountOutcome } from "@/lib/data/rules/discounts";
import type { Store } from "@/lib/data/contract/store";
import { formatCents } from "@/lib/money";
import { taxAmount, taxLabel } from "./bill-quote";
import type { PricedDiscount } from "./checkout-state";

/** Why a code does not apply, in words, on the code's field. */
/** `minimumCents` null where the refusal came without the code's terms (the store's, at placement). */
export const DISCOUNT_MESSAGES: Record<
  Exclude<DiscountRefusal, "discount_changed">,
  (code: string, minimumCents: number | null) => string
> = {
  unknown: (code) => `There is no code “${code}”. Check it, or leave the field empty.`,
  disabled: (code) => `The code “${code}” can no longer be used.`,
  not_started: (code) => `The code “${code}” cannot be used yet.`,
  ended: (code) => `The code “${code}” has ended.`,
  used_up: (code) => `The code “${code}” has been used up.`,
  used_by_email: (code) => `The code “${code}” has been used with this email address already.`,
  below_minimum: (code, minimum) =>
    minimum === null
      ? `The code “${code}” needs a larger order.`
      : `The code “${code}” needs an order of at least ${formatCents(minimum)}.`,
};

/** The bill in words: the discount, the shipping and the tax, and the total they come to. */
export function billInWords(bill: Bill, code: string | null, shownBefore: boolean): string {
  const discount = code === null ? "" : `The code ${code} takes ${formatCents(bill.discountCents)} off. `;
  const shipping = bill.shipping.cents === 0 ? "free" : formatCents(bill.shipping.cents);
  const tax = bill.tax.rate === 0 ? "no sales tax is due" : `${taxLabel(bill.tax).replace(/^Sales/, "sales")} is ${taxAmount(bill.tax)}`;
  const figures = `${discount}Shipping (${bill.shipping.zone.name}) is ${shipping} and ${tax}: the total is ${formatCents(bill.totalCents)} USD.`;
  return shownBefore
    ? `The discount, shipping or tax for this address is not what was shown, so your order was not placed. ${figures} Check it and place your order again.`
    : `${figures} Check it and place your order.`;
}

/** What `code` takes off goods of `subtotalCents` for `email` now, or why it does not apply (its field's words). */
export async function priceDiscount(
  store: Pick<Store, "getDiscount" | "discountUsesByEmail">,
  code: string,
  email: string,
  subtotalCents: number,
): Promise<PricedDiscount | { error: string }> {
  const [discount, usesByEmail] = await Promise.all([store.getDiscount(code), store.discountUsesByEmail(code, email)]);
  const outcome = discountOutcome(discount, { subtotalCents, usesByEmail, now: Date.now() });
  return typeof outcome === "number"
    ? { code, cents: outcome }
    : { error: DISCOUNT_MESSAGES[outcome](code, discount?.minSubtotalCents ?? 0) };
}
