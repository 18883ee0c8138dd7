"use server";

import { redirect } from "next/navigation";
import { changeDiscountsAs } from "@/lib/admin/discount-codes";
import { requestCaller } from "@/lib/admin/request-caller";
import { getStore } from "@/lib/data";

/**
 * The discount codes page's one action (create, disable, enable: the form's
 * `intent`). Trusts nothing from the browser: Origin and an admin session
 * are checked again here (proxy.ts is the first gate). Answered with the
 * page and its notice (lib/admin/discount-notice.ts), with and without
 * JavaScript alike.
 */
export async function changeDiscountsAction(form: FormData): Promise<void> {
  const code = await changeDiscountsAs(await requestCaller("discounts"), form, getStore);
  redirect(`/admin-entry/discounts?notice=${code}`);
}
