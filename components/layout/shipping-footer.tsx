import { log } from "@/lib/log";
import { SHIPS_TO } from "@/lib/orders/countries";
import { servedCountriesCached } from "@/lib/orders/served-countries";
import { SiteFooter } from "./site-footer";

/**
 * The footer with the countries the shop ships to, from the operator's
 * zones (cached: lib/orders/served-countries.ts). Should the store not
 * answer, the footer says the default (the United States) rather than fail
 * the page it closes.
 */
export async function ShippingFooter() {
  let countries: readonly string[] = SHIPS_TO;
  try {
    countries = await servedCountriesCached();
  } catch (error) {
    log.warn(
      "footer.countries_unavailable",
      "The footer shows the default countries: the shipping zones could not be read",
      undefined,
      error,
    );
  }
  return <SiteFooter countries={countries} />;
}
