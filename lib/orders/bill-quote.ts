/**
 * The bill as the checkout shows it (with and without JavaScript) and the
 * order summary writes it: lib/data/rules/bill.ts is the one rule; the store
 * applies it again when the order is placed and refuses a figure it does
 * not agree with. Shared with the browser: the checkout reprices the
 * address as it is typed.
 */
import type { ShippingZone } from "@/lib/data/contract/shipping";
import { isUsState, US_STATES } from "@/lib/data/contract/us-states";
import { billFor, type Bill } from "@/lib/data/rules/bill";
import { formatCents } from "@/lib/money";
import type { PricedDiscount } from "./checkout-state";

/**
 * The bill of the address typed so far at this subtotal; null until it can
 * be priced (a country chosen, and in the United States a state: both
 * shipping and tax depend on it) and where no zone serves it.
 */
export function billOf(
  zones: readonly ShippingZone[],
  values: { country: string; region: string },
  subtotalCents: number,
  discountCents = 0,
): Bill | null {
  if (values.country === "" || (values.country === "US" && !isUsState(values.region))) return null;
  return billFor(zones, values, subtotalCents, discountCents);
}

/**
 * The discount the page may show for the code typed: 0 without one; the
 * server's amount when it priced this very code; null (not priced yet:
 * Place order answers with it first) for a code typed since.
 */
export function discountShown(typedCode: string, priced: PricedDiscount | null): number | null {
  const code = typedCode.trim().toUpperCase();
  if (code === "") return 0;
  return priced && priced.code === code ? priced.cents : null;
}

/** What the hidden fields carry back: the shipping, tax and discount shown, in cents, or "" where none is (not served, no country yet, a code not priced). */
export function billFieldValues(bill: Bill | null, discount: number | null): { shipping: string; tax: string; discount: string } {
  const off = discount === null ? "" : String(discount);
  return bill
    ? { shipping: String(bill.shipping.cents), tax: String(bill.tax.cents), discount: off }
    : { shipping: "", tax: "", discount: off };
}

const STATE_NAMES: ReadonlyMap<string, string> = new Map(US_STATES);

/** A rate in thousandths of a percent in words: 6250 → "6.25%", 6875 → "6.875%", 4000 → "4%". */
export function taxRateWords(rate: number): string {
  return `${String(rate / 1000)}%`;
}

/** The tax's label: "Sales tax (Illinois, 6.25%)"; "Sales tax (6.25%)" once the address is erased; "Sales tax" where none is due. */
export function taxLabel(tax: { rate: number; region: string }): string {
  if (tax.rate === 0) return "Sales tax";
  const state = STATE_NAMES.get(tax.region);
  return `Sales tax (${state ? `${state}, ` : ""}${taxRateWords(tax.rate)})`;
}

/** The tax's amount in words: "$3.13", or "None" where none is due. */
export function taxAmount(tax: { cents: number; rate: number }): string {
  return tax.rate === 0 ? "None" : formatCents(tax.cents);
}
