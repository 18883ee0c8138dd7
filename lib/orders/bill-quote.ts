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

/**
 * The bill of the address typed so far at this subtotal; null until it can
 * be priced (a country chosen, and in the United States a state: both
 * shipping and tax depend on it) and where no zone serves it.
 */
export function billOf(zones: readonly ShippingZone[], values: { country: string; region: string }, subtotalCents: number): Bill | null {
  if (values.country === "" || (values.country === "US" && !isUsState(values.region))) return null;
  return billFor(zones, values, subtotalCents);
}

/** What the hidden fields carry back: the shipping and the tax shown, in cents, or "" where none is (not served, no country yet). */
export function billFieldValues(bill: Bill | null): { shipping: string; tax: string } {
  return bill ? { shipping: String(bill.shipping.cents), tax: String(bill.tax.cents) } : { shipping: "", tax: "" };
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
