import { changeDashboardAction } from "@/lib/admin/dashboard/dashboard-actions";
import { DASHBOARD_FIELDS } from "@/lib/admin/dashboard/dashboard-settings";
import type { DashboardSettings } from "@/lib/data/contract/sales";
import forms from "@/components/admin/settings-forms.module.css";

/** Every zone the server lists, UTC first (the store also takes their aliases: lib/data/contract/sales.ts). */
const ZONES = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];

/**
 * The dashboard's settings: the low-stock level and the time zone its days
 * are in. A plain form posting to the server action, so it works without
 * JavaScript; it carries the settings' revision, and a save from an older
 * one is refused in words (lib/admin/dashboard/dashboard-notice.ts).
 */
export function DashboardSettingsForm({ settings }: { settings: DashboardSettings }) {
  // A zone saved by an alias the list names otherwise ("Asia/Kathmandu", listed as "Asia/Katmandu") stays chosen.
  const zones = ZONES.includes(settings.timeZone) ? ZONES : [settings.timeZone, ...ZONES];
  return (
    <section id="dashboard-settings" aria-labelledby="dashboard-settings-title">
      <h2 id="dashboard-settings-title">Dashboard settings</h2>
      <form action={changeDashboardAction} className={forms.form} aria-labelledby="dashboard-settings-title">
        <input type="hidden" name={DASHBOARD_FIELDS.revision} value={settings.revision} />
        <label htmlFor="dashboard-low-stock">Low stock at or under</label>
        <input
          id="dashboard-low-stock"
          name={DASHBOARD_FIELDS.lowStockAt}
          type="number"
          inputMode="numeric"
          min={0}
          max={1_000_000}
          step={1}
          required
          defaultValue={settings.lowStockAt}
        />
        <label htmlFor="dashboard-time-zone">Time zone of the days</label>
        <select id="dashboard-time-zone" name={DASHBOARD_FIELDS.timeZone} defaultValue={settings.timeZone}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
        <button type="submit">Save</button>
      </form>
    </section>
  );
}
