/**
 * Shipping as the checkout, the cart and the pages without JavaScript show
 * it, from the zones the server read (lib/data/rules/shipping.ts is the one
 * rule; the store applies it again when the order is placed and refuses a
 * figure it does not agree with). Shared: the client checkout prices the
 * address as it is typed.
 */
import type { ShippingZone } from "@/lib/data/contract/shipping";
import { shippingFor, type ShippingQuote } from "@/lib/data/rules/shipping";
import { formatCents } from "@/lib/money";

/** The shipping of the address typed so far at this subtotal; null until a country is chosen, and where no zone serves it. */
export function quoteOf(
  zones: readonly ShippingZone[],
  values: { country: string; region: string },
  subtotalCents: number,
): ShippingQuote | null {
  return values.country === "" ? null : shippingFor(zones, values, subtotalCents);
}

/** What the hidden field carries back: the shipping shown in cents, or "" where none is (not served, no country yet). */
export function shippingFieldValue(quote: ShippingQuote | null): string {
  return quote ? String(quote.cents) : "";
}

/** An amount of shipping in words: "Free" or "$5.00". */
export function shippingAmount(cents: number): string {
  return cents === 0 ? "Free" : formatCents(cents);
}
