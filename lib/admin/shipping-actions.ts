"use server";

import { updateTag } from "next/cache";
import { redirect } from "next/navigation";
import { requestCaller } from "@/lib/admin/request-caller";
import { changeShippingAs } from "@/lib/admin/shipping-zones";
import { getStore } from "@/lib/data";
import { SHIPPING_TAG } from "@/lib/orders/served-countries";

/**
 * The shipping page's one action (save, add, delete: the form's `intent`).
 * Trusts nothing from the browser: Origin and an admin session are checked
 * again here (proxy.ts is the first gate), and the store refuses a save from
 * a stale revision. Answered with the page and its notice
 * (lib/admin/shipping-notice.ts), with and without JavaScript alike.
 */
export async function changeShippingAction(form: FormData): Promise<void> {
  const code = await changeShippingAs(await requestCaller("shipping"), form, getStore);
  if (code === "saved" || code === "added" || code === "deleted") {
    // The footer's countries: here at once; every other instance hears it from the catalogue's change feed (served-countries.ts).
    updateTag(SHIPPING_TAG);
    await (await getStore()).markCatalogChanged();
  }
  redirect(`/admin-entry/shipping?notice=${code}`);
}
