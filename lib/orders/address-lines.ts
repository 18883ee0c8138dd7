/**
 * A shipping address in the lines its country writes it in (the postal
 * code after the city in the United States, before it in Germany, on its own
 * line in the United Kingdom…), by the OpenCage address templates
 * (@fragaria/address-formatter) rather than a table of our own, then the
 * country's name. Server only: the templates are large.
 */
import "server-only";
import addressFormatter from "@fragaria/address-formatter";
import type { ShippingAddress } from "@/lib/data/contract/orders";
import { countryName } from "./countries";

export function addressLines(address: ShippingAddress): string[] {
  const lines = addressFormatter.format(
    {
      road: address.line1,
      city: address.city,
      state: address.region || undefined,
      postcode: address.postalCode || undefined,
      countryCode: address.country,
    },
    { output: "array", appendCountry: false },
  );
  // The templates have no place for an apartment or suite: it goes under the street, where a courier reads it.
  const [street = address.line1, ...rest] = lines;
  return [street, ...(address.line2 ? [address.line2] : []), ...rest, countryName(address.country)];
}
