import type { AdminProof } from "@/lib/admin/admin-proof";
import { readShippingZones } from "@/lib/admin/admin-reads";
import { changeShippingAction } from "@/lib/admin/shipping-actions";
import { shippingNotice } from "@/lib/admin/shipping-notice";
import type { ShippingZone } from "@/lib/data/contract/shipping";
import { centsAsDecimal } from "@/lib/money";
import { countryName } from "@/lib/orders/countries";
import { zoneRate } from "@/lib/orders/shipping-quote";
import styles from "./settings-forms.module.css";

/** Cents as the form shows them to edit: dollars with two decimals ("5.00"); "" for none. */
const dollars = (cents: number | null) => (cents === null ? "" : centsAsDecimal(cents));

/** Where a zone ships: its country, and the states it names. */
const zoneWhere = (zone: ShippingZone) => `${countryName(zone.country)}${zone.regions.length > 0 ? `: ${zone.regions.join(", ")}` : ""}`;

/**
 * The operator's shipping zones (DECISIONS "Money"): each zone's name, flat
 * rate per order and the subtotal it is free from, edited in one form; a
 * zone added for a country (and, in the United States, some states); a zone
 * deleted. Plain forms posting to the server action, so the page works
 * without JavaScript; each carries the zones' revision, and a save from an
 * older one is refused in words (lib/admin/shipping-notice.ts).
 */
export async function ShippingZones({
  admin,
  searchParams,
}: {
  admin: AdminProof;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ zones, revision }, { notice }] = await Promise.all([readShippingZones(admin), searchParams]);
  const said = shippingNotice(notice);
  return (
    <>
      <h1>Shipping</h1>
      <p>
        The shop ships to the countries of these zones. An address in a state a zone names is priced by that zone; any other address in its
        country by the country&apos;s zone for the rest of it. Amounts are in US dollars, per order.
      </p>
      {said ? (
        <p className="status-text" role={said.ok ? "status" : "alert"} data-testid="shipping-notice">
          {said.text}
        </p>
      ) : null}
      <form action={changeShippingAction} className={styles.form} aria-label="Shipping zones">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="revision" value={revision} />
        {zones.map((zone) => (
          <fieldset key={zone.id} data-testid="shipping-zone">
            <legend>
              {zone.name} ({zoneWhere(zone)}): {zoneRate(zone)}
            </legend>
            <label htmlFor={`name-${zone.id}`}>Name</label>
            <input id={`name-${zone.id}`} name={`name-${zone.id}`} defaultValue={zone.name} maxLength={80} required />
            <label htmlFor={`rate-${zone.id}`}>Rate per order ($)</label>
            <input id={`rate-${zone.id}`} name={`rate-${zone.id}`} defaultValue={dollars(zone.rateCents)} inputMode="decimal" required />
            <label htmlFor={`free-${zone.id}`}>Free over ($, empty for never)</label>
            <input id={`free-${zone.id}`} name={`free-${zone.id}`} defaultValue={dollars(zone.freeOverCents)} inputMode="decimal" />
          </fieldset>
        ))}
        <button type="submit">Save zones</button>
      </form>
      <ul aria-label="Delete a zone" className={styles.deletes}>
        {zones.map((zone) => (
          <li key={zone.id}>
            <form action={changeShippingAction}>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="revision" value={revision} />
              <input type="hidden" name="zoneId" value={zone.id} />
              <button type="submit">Delete {zone.name}</button>
            </form>
          </li>
        ))}
      </ul>
      <form action={changeShippingAction} className={styles.form} aria-labelledby="add-zone-heading">
        <h2 id="add-zone-heading">Add a zone</h2>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="revision" value={revision} />
        <label htmlFor="zone-country">Country (two-letter code, like CA)</label>
        <input id="zone-country" name="country" maxLength={2} required autoComplete="off" />
        <label htmlFor="zone-states">States (United States only: codes like AK, HI; empty for the whole country)</label>
        <input id="zone-states" name="states" autoComplete="off" />
        <label htmlFor="zone-name">Name</label>
        <input id="zone-name" name="name" maxLength={80} />
        <label htmlFor="zone-rate">Rate per order ($)</label>
        <input id="zone-rate" name="rate" inputMode="decimal" required />
        <label htmlFor="zone-free">Free over ($, empty for never)</label>
        <input id="zone-free" name="free" inputMode="decimal" />
        <button type="submit">Add zone</button>
      </form>
    </>
  );
}
