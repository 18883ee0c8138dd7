/**
 * What an order pays for shipping (DECISIONS "Money"), one rule for the
 * store's placement, the checkout's live figure, the page without
 * JavaScript and the cart's estimate: the address's zone is the one naming
 * its state, else its country's country-wide one; the zone's flat rate, or
 * nothing once the subtotal reaches its free-over threshold. An address no
 * zone covers is not served. Pure; imports only the contract's types, so a
 * browser module may use it through lib/orders/shipping-quote.ts.
 */
import type { ShippingZone } from "../contract/shipping";

export interface ShippingQuote {
  zone: ShippingZone;
  cents: number;
}

/** The zone that serves an address: the one naming its state first, else its country's whole-country zone; null when none. */
function zoneFor(zones: readonly ShippingZone[], address: { country: string; region: string }): ShippingZone | null {
  const country = address.country.trim().toUpperCase();
  const region = address.region.trim().toUpperCase();
  const ofCountry = zones.filter((zone) => zone.country === country);
  return (
    ofCountry.find((zone) => region !== "" && zone.regions.includes(region)) ?? ofCountry.find((zone) => zone.regions.length === 0) ?? null
  );
}

/** What a zone charges an order of `subtotalCents`: its flat rate, or 0 at or over its free-over threshold. */
function zoneCents(zone: ShippingZone, subtotalCents: number): number {
  return zone.freeOverCents !== null && subtotalCents >= zone.freeOverCents ? 0 : zone.rateCents;
}

/** The shipping of an order to `address` with this subtotal, and the zone that priced it; null when no zone serves the address. */
export function shippingFor(
  zones: readonly ShippingZone[],
  address: { country: string; region: string },
  subtotalCents: number,
): ShippingQuote | null {
  const zone = zoneFor(zones, address);
  return zone ? { zone, cents: zoneCents(zone, subtotalCents) } : null;
}

/** The countries the shop ships to: the zones' countries, each once, in the zones' order. */
export function servedCountries(zones: readonly ShippingZone[]): string[] {
  return [...new Set(zones.map((zone) => zone.country))];
}
