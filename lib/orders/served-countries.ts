/**
 * The countries the shop ships to, as every page's footer says them: the
 * zones' countries (lib/data/rules/shipping.ts, servedCountries), read once
 * into the 'use cache' handler under SHIPPING_TAG and the catalogue's
 * CATALOG_TAG, for as long as the catalogue's own entries ('hours' as the
 * safety net). A save on the shipping page expires it: here at once
 * (updateTag in its action, which on Vercel reaches the shared caches), and
 * on every other instance through the catalogue's change feed, since the
 * action records the save as a change of anything (markCatalogChanged:
 * lib/catalog/changes.ts expires CATALOG_TAG on each instance that hears it).
 * What is charged never waits for this: the checkout and the store read the
 * zones uncached.
 */
import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { CATALOG_TAG } from "@/lib/catalog/tags";
import { getStore } from "@/lib/data";
import { servedCountries } from "@/lib/data/rules/shipping";

export const SHIPPING_TAG = "shipping";

export async function servedCountriesCached(): Promise<string[]> {
  "use cache";
  cacheTag(SHIPPING_TAG, CATALOG_TAG);
  cacheLife("hours");
  return servedCountries((await (await getStore()).getShippingZones()).zones);
}
