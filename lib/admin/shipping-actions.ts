"use server";

import { redirect } from "next/navigation";
import { requestCaller } from "@/lib/admin/request-caller";
import { changeShippingAs } from "@/lib/admin/shipping-zones";
import { getStore } from "@/lib/data";

/**
 * The shipping page's one action (save, add, delete: the form's `intent`).
 * Trusts nothing from the browser: Origin and an admin session are checked
 * again here (proxy.ts is the first gate), and the store refuses a save from
 * a stale revision. Answered with the page and its notice
 * (lib/admin/shipping-notice.ts), with and without JavaScript alike.
 */
export async function changeShippingAction(form: FormData): Promise<void> {
  const code = await changeShippingAs(await requestCaller("shipping"), form, getStore);
  redirect(`/admin-entry/shipping?notice=${code}`);
}
