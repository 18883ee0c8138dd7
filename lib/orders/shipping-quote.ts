/**
 * Shipping as the checkout, the cart and the pages without JavaScript show
 * it, from the zones the server read (lib/data/rules/shipping.ts is the one
 * rule; the store applies it again when the order is placed and refuses a
 * figure it does not agree with). Shared: the client checkout prices the
 * address as it is typed.
 */
import type { ShippingZone } from "@/lib/data/contract/shipping";
import { servedCountries } from "@/lib/data/rules/shipping";
import { formatCents } from "@/lib/money";
import { countryChoices } from "./countries";

/** An amount of shipping in words: "Free" or "$5.00". */
export function shippingAmount(cents: number): string {
  return cents === 0 ? "Free" : formatCents(cents);
}

/** The countries the checkout offers: the zones' countries (the one list), code and name, by name. */
export function checkoutCountries(zones: readonly ShippingZone[]): (readonly [string, string])[] {
  return countryChoices(servedCountries(zones));
}
/** A zone's rate in words: "$5.00, free over $50.00", "$15.00", "Free". */
export function zoneRate(zone: ShippingZone): string {
  if (zone.rateCents === 0 || zone.freeOverCents === 0) return "Free";
  return zone.freeOverCents === null
    ? formatCents(zone.rateCents)
    : `${formatCents(zone.rateCents)}, free over ${formatCents(zone.freeOverCents)}`;
}

/**
 * The cart's estimate before an address is known: the lowest rate of the
 * zones, and the threshold of that zone ("Shipping from $5.00, free over
 * $50.00"); the checkout prices the address itself.
 */
export function shippingEstimate(zones: readonly ShippingZone[]): string | null {
  const cheapest = [...zones].sort((a, b) => a.rateCents - b.rateCents)[0];
  if (!cheapest) return null;
  if (cheapest.rateCents === 0) return "Shipping is free; sales tax, where it is due, at checkout.";
  const free = cheapest.freeOverCents === null ? "" : `, free over ${formatCents(cheapest.freeOverCents)}`;
  return `Shipping from ${formatCents(cheapest.rateCents)}${free}; the rate for your address, and sales tax where it is due, at checkout.`;
}
