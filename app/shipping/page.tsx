import { connection } from "next/server";
import { getStore } from "@/lib/data";
import { servedCountries } from "@/lib/data/rules/shipping";
import { countryName, shippingWords } from "@/lib/orders/countries";
import { SHIPPING_PATH } from "@/lib/site-links";
import { zoneRate } from "@/lib/orders/shipping-quote";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Shipping",
  description: "Where the shop ships and what shipping costs, per order in US dollars.",
  path: SHIPPING_PATH,
});

/** The page answers with the zones in the HTML, so it reads the same without JavaScript. */
export const instant = false;

/**
 * Where the shop ships, read per request from the operator's zones: the one
 * list the checkout offers and the store charges (lib/data/rules/shipping.ts).
 * The footer, in every page's static shell, links here rather than saying a
 * list it could not keep current.
 */
export default function ShippingPage() {
  return (
    <div className="page">
      <h1>Shipping</h1>
      <ShippingZones />
    </div>
  );
}

async function ShippingZones() {
  await connection();
  const { zones } = await (await getStore()).getShippingZones();
  return (
    <>
      <p data-testid="ships-to">
        {zones.length > 0 ? shippingWords(servedCountries(zones)) : "The shop is not shipping anywhere at the moment."}
      </p>
      <ul data-testid="shipping-zones">
        {zones.map((zone) => (
          <li key={zone.id}>
            {zone.name} ({countryName(zone.country)}
            {zone.regions.length > 0 ? `: ${zone.regions.join(", ")}` : ""}): {zoneRate(zone)}
          </li>
        ))}
      </ul>
      <p>Rates are per order. Sales tax, where it is due, is added at checkout.</p>
    </>
  );
}
