"use server";

import { redirect } from "next/navigation";
import { changePaymentsAs } from "@/lib/admin/payment-settings";
import { requestCaller } from "@/lib/admin/request-caller";
import { getStore } from "@/lib/data";
import { takesCards } from "@/lib/payments/stripe-client";

/**
 * The payments page's one action (pay on delivery on or off). Trusts nothing
 * from the browser: Origin and an admin session are checked again here
 * (proxy.ts is the first gate), and the store refuses a change from a stale
 * revision. Answered with the page and its notice
 * (lib/admin/payments-notice.ts), with and without JavaScript alike.
 */
export async function changePaymentsAction(form: FormData): Promise<void> {
  const code = await changePaymentsAs(await requestCaller("payments"), form, getStore, takesCards);
  redirect(`/admin-entry/payments?notice=${code}`);
}
