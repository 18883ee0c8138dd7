/**
 * Shipping by zone (DECISIONS "Money"): the operator's zones and rates, kept
 * in the store with a revision like a product's. A zone is a country, or
 * some of its states (the US: us-states.ts), with a flat rate per order and
 * a subtotal at or over which shipping is free. The countries the shop ships
 * to are the zones' countries (rules/shipping.ts, servedCountries): there is
 * no second list. Money is whole US cents (money.ts).
 */
import { idSchema, singleLine } from "./fields";
import { LIMITS } from "./limits";
import { isUsState } from "./us-states";
import { z } from "./zod";

/** The most zones the operator keeps: far past any shop's, small enough to read in one document. */
const ZONES_MAX = 50;

/** An amount of shipping in whole cents: 0 or more, at most the catalogue's price limit. */
const shippingCentsSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} must not be negative`)
    .max(LIMITS.priceMax * 100, `${label} must be at most ${LIMITS.priceMax}`);

export const shippingZoneSchema = z
  .strictObject({
    id: idSchema,
    name: singleLine("Zone name", 80),
    /** ISO 3166-1 alpha-2, upper case, as an address holds it. */
    country: z
      .string({ error: "Country must be text" })
      .trim()
      .transform((s) => s.toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}$/, "Country must be a two-letter code")),
    /** The US state codes this zone covers; [] for the whole country (or the rest of it, beside a zone naming states). */
    regions: z.array(z.string({ error: "A state must be text" }), { error: "States must be a list" }).max(60, "At most 60 states"),
    /** Flat, per order. */
    rateCents: shippingCentsSchema("Rate"),
    /** The subtotal at or over which shipping is free; null: never free. */
    freeOverCents: shippingCentsSchema("Free over").nullable(),
  })
  .superRefine((zone, ctx) => {
    if (zone.regions.length > 0 && zone.country !== "US")
      ctx.addIssue({ code: "custom", path: ["regions"], message: "Only a zone in the United States names states" });
    for (const region of zone.regions)
      if (!isUsState(region)) ctx.addIssue({ code: "custom", path: ["regions"], message: `${region} is not a US state code` });
    if (new Set(zone.regions).size !== zone.regions.length)
      ctx.addIssue({ code: "custom", path: ["regions"], message: "A state is named twice" });
  });
export type ShippingZone = z.output<typeof shippingZoneSchema>;

/**
 * The operator's whole list: at least one zone (a shop that ships nowhere
 * sells nothing), ids unique, and no address in two zones: at most one
 * country-wide zone per country, and each state in one zone at most.
 */
export const shippingZonesSchema = z
  .array(shippingZoneSchema, { error: "Zones must be a list" })
  .min(1, "The shop needs at least one shipping zone")
  .max(ZONES_MAX, `At most ${ZONES_MAX} zones`)
  .superRefine((zones, ctx) => {
    const ids = new Set<string>();
    const covered = new Set<string>();
    for (const zone of zones) {
      if (ids.has(zone.id)) ctx.addIssue({ code: "custom", message: `Two zones have the id ${zone.id}` });
      ids.add(zone.id);
      const keys = zone.regions.length === 0 ? [`${zone.country}`] : zone.regions.map((r) => `${zone.country}-${r}`);
      for (const key of keys) {
        if (covered.has(key))
          ctx.addIssue({
            code: "custom",
            message: key.includes("-") ? `${key.slice(3)} is in two zones` : `${zone.country} has two zones for the whole country`,
          });
        covered.add(key);
      }
    }
  });

/** The zones as stored, with the revision an edit names (0 for the defaults, never saved). */
export interface ShippingRates {
  zones: ShippingZone[];
  revision: number;
}

/** The zones a shop has before its operator saves any (DECISIONS "Money"; issue 39). */
export const DEFAULT_SHIPPING_ZONES: readonly ShippingZone[] = [
  { id: "us-contiguous", name: "Contiguous United States", country: "US", regions: [], rateCents: 500, freeOverCents: 5000 },
  { id: "us-ak-hi", name: "Alaska and Hawaii", country: "US", regions: ["AK", "HI"], rateCents: 1500, freeOverCents: null },
];

export interface ShippingStore {
  /** The operator's zones and their revision; DEFAULT_SHIPPING_ZONES at revision 0 until the first save. */
  getShippingZones(): Promise<ShippingRates>;
  /**
   * Replaces the zones if they are still at `expectedRevision` (else
   * conflict, nothing written), recording who saved them; returns them at
   * the next revision.
   */
  setShippingZones(zones: ShippingZone[], expectedRevision: number, by: string): Promise<ShippingRates>;
}
