/**
 * The dashboard's settings form's action core (the low-stock level and the
 * time zone of its days), without the request, like ../payment-settings.ts:
 * the caller, the form and the store are arguments. The form carries the
 * settings' revision; the store refuses a save from an older one. The
 * answer is a notice code (dashboard-notice.ts).
 */
import "server-only";
import { log } from "@/lib/log";
import { isStoreError } from "@/lib/data/contract/errors";
import { revisionSchema } from "@/lib/data/contract/fields";
import { dashboardSettingsSchema } from "@/lib/data/contract/sales";
import type { Store } from "@/lib/data/contract/store";
import { changedBy, refuseCaller, REFUSALS, type Caller } from "../guard";
import type { DashboardNoticeCode } from "./dashboard-notice";

export const DASHBOARD_FIELDS = { lowStockAt: "lowStockAt", timeZone: "timeZone", revision: "revision" } as const;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : null;
};

export async function changeDashboardAs(caller: Caller, form: FormData, openStore: () => Promise<Store>): Promise<DashboardNoticeCode> {
  const refused = refuseCaller(caller);
  if (refused)
    return refused.error === REFUSALS.crossOrigin ? "cross-origin" : refused.error === REFUSALS.unavailable ? "unavailable" : "not-admin";
  const [typedRevision, typedLevel, timeZone] = [DASHBOARD_FIELDS.revision, DASHBOARD_FIELDS.lowStockAt, DASHBOARD_FIELDS.timeZone].map(
    (name) => text(form, name),
  );
  const revision = revisionSchema.safeParse(typedRevision ? Number(typedRevision) : Number.NaN);
  if (!revision.success || typedLevel === null || timeZone === null) return "not-a-form";
  const parsed = dashboardSettingsSchema.safeParse({ lowStockAt: /^\d+$/.test(typedLevel) ? Number(typedLevel) : Number.NaN, timeZone });
  if (!parsed.success) return parsed.error.issues[0].path[0] === "timeZone" ? "bad-zone" : "bad-level";
  try {
    await (await openStore()).setDashboardSettings(parsed.data, revision.data, changedBy(caller));
    return "saved";
  } catch (error) {
    if (isStoreError(error, "conflict")) return "conflict";
    if (isStoreError(error, "unavailable")) {
      log.warn(
        "admin.dashboard_store_unavailable",
        "The dashboard's settings could not be saved: the store is unavailable",
        undefined,
        error,
      );
      return "unavailable";
    }
    throw error;
  }
}
