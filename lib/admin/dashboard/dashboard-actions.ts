"use server";

import { redirect } from "next/navigation";
import { requestCaller } from "@/lib/admin/request-caller";
import { getStore } from "@/lib/data";
import { changeDashboardAs } from "./dashboard-settings";

/**
 * The dashboard's one action (its settings). Trusts nothing from the
 * browser: Origin and an admin session are checked again here (proxy.ts is
 * the first gate). Answered with the page and its notice, with and without
 * JavaScript alike.
 */
export async function changeDashboardAction(form: FormData): Promise<void> {
  const code = await changeDashboardAs(await requestCaller("dashboard"), form, getStore);
  redirect(`/admin-entry/dashboard?notice=${code}#dashboard-settings`);
}
