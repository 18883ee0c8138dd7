/**
 * The shipping page's actions' core (DECISIONS "Money": the operator sets
 * the zones and rates), without the request, like edit-product.ts: the
 * caller, the form and the store are arguments. Each form carries the
 * zones' revision it was opened at; the store refuses a save from an older
 * one (another admin saved meanwhile), and the admin is told so in words.
 * Three forms: save (every zone's name, rate and free-over), add (a zone
 * for a country, or some US states), delete (one zone). Amounts are typed in
 * dollars and read into exact cents (centsOfDollars). The answer is a
 * notice code the page shows in words (shipping-notice.ts), so a plain form
 * post without JavaScript is answered the same way.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { log } from "@/lib/log";
import { isStoreError } from "@/lib/data/contract/errors";
import { revisionSchema } from "@/lib/data/contract/fields";
import { centsOfDollars } from "@/lib/data/contract/money";
import type { ShippingZone } from "@/lib/data/contract/shipping";
import type { Store } from "@/lib/data/contract/store";
import { changedBy, refuseCaller, REFUSALS, type Caller } from "./guard";
import type { ShippingNoticeCode } from "./shipping-notice";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** A typed amount of dollars in cents; "" is `empty`; null when it is no amount. */
function amount(typed: string, empty: number | null | undefined): number | null | undefined {
  if (typed === "") return empty;
  const cents = centsOfDollars(typed.replace(/^\$/, ""));
  return cents === null ? undefined : cents;
}

/** One zone's rate and free-over as typed in `form` under `suffix`, or null when either is no amount. */
function ratesOf(form: FormData, suffix: string): Pick<ShippingZone, "rateCents" | "freeOverCents"> | null {
  const rateCents = amount(text(form, `rate${suffix}`), undefined);
  const freeOverCents = amount(text(form, `free${suffix}`), null);
  return rateCents === undefined || rateCents === null || freeOverCents === undefined ? null : { rateCents, freeOverCents };
}

/** The zone the add form describes: a country, optionally some US states (codes separated by commas or spaces). */
function newZone(form: FormData): ShippingZone | null {
  const rates = ratesOf(form, "");
  const country = text(form, "country").toUpperCase();
  const regions = text(form, "states")
    .toUpperCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  if (!rates || country === "") return null;
  return { id: `zone-${randomBytes(6).toString("hex")}`, name: text(form, "name") || country, country, regions, ...rates };
}

/** The zones after the form's change, or the code of what is wrong with it. */
function changed(zones: ShippingZone[], form: FormData): ShippingZone[] | ShippingNoticeCode {
  switch (text(form, "intent")) {
    case "save": {
      const next: ShippingZone[] = [];
      for (const zone of zones) {
        const rates = ratesOf(form, `-${zone.id}`);
        if (!rates) return "bad-amount";
        next.push({ ...zone, name: text(form, `name-${zone.id}`) || zone.name, ...rates });
      }
      return next;
    }
    case "add": {
      const zone = newZone(form);
      return zone ? [...zones, zone] : "bad-amount";
    }
    case "delete":
      return zones.filter((zone) => zone.id !== text(form, "zoneId"));
    default:
      return "not-a-form";
  }
}

const DONE: Record<string, ShippingNoticeCode> = { save: "saved", add: "added", delete: "deleted" };

/** Applies the posted form to the zones as of its revision; the notice code of the answer, and whether it saved. */
export async function changeShippingAs(caller: Caller, form: FormData, openStore: () => Promise<Store>): Promise<ShippingNoticeCode> {
  const refused = refuseCaller(caller);
  if (refused)
    return refused.error === REFUSALS.crossOrigin ? "cross-origin" : refused.error === REFUSALS.unavailable ? "unavailable" : "not-admin";
  const revision = revisionSchema.safeParse(Number(text(form, "revision") || "x"));
  if (!revision.success) return "not-a-form";
  try {
    const store = await openStore();
    const current = await store.getShippingZones();
    if (current.revision !== revision.data) return "conflict";
    const zones = changed(current.zones, form);
    if (typeof zones === "string") return zones;
    await store.setShippingZones(zones, revision.data, changedBy(caller));
    return DONE[text(form, "intent")];
  } catch (error) {
    if (isStoreError(error, "conflict")) return "conflict";
    if (isStoreError(error, "invalid_input")) return zonesRefusal(error.fields);
    if (isStoreError(error, "unavailable")) {
      log.warn("admin.shipping_store_unavailable", "The shipping zones could not be saved: the store is unavailable", undefined, error);
      return "unavailable";
    }
    throw error;
  }
}

/** The code of the store's refusal of a list of zones (the contract's rules: shipping.ts). */
function zonesRefusal(fields: Record<string, string>): ShippingNoticeCode {
  const said = Object.values(fields).join(" ");
  if (/at least one/.test(said)) return "last-zone";
  if (/two zones|in two/.test(said)) return "overlap";
  if (/state|States/.test(said)) return "bad-states";
  if (/Country/.test(said)) return "bad-country";
  if (/name/i.test(said)) return "bad-name";
  return "bad-amount";
}
