/**
 * The dashboard's settings action core (lib/admin/dashboard/dashboard-settings.ts)
 * against a real SQLite store: an admin saves a low-stock level and a time
 * zone; a level that is not a whole number from 0 to 1,000,000, a zone not
 * on the list, a stale revision, a forged form and any caller but an admin
 * from the shop's own page are refused by code, each with its words, and
 * change nothing.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { dashboardNotice } from "@/lib/admin/dashboard/dashboard-notice";
import { changeDashboardAs } from "@/lib/admin/dashboard/dashboard-settings";
import type { Caller } from "@/lib/admin/guard";
import type { Store } from "@/lib/data/contract/store";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { ADMIN_CALLER, formOf } from "./helpers/action-inputs";

const admin = ADMIN_CALLER;

describe("the dashboard's settings action", () => {
  const dir = mkdtempSync(join(tmpdir(), "admin-dashboard-"));
  let store: Store;
  const open = async () => store;
  before(() => {
    store = openSqliteStore(join(dir, "dashboard.db"));
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("saves a level and a zone, trimmed, at the next revision", async () => {
    const said = await changeDashboardAs(admin, formOf({ revision: "0", lowStockAt: " 12 ", timeZone: "Asia/Kathmandu" }), open);
    assert.equal(said, "saved");
    assert.equal(dashboardNotice(said)?.ok, true);
    assert.deepEqual(await store.getDashboardSettings(), { lowStockAt: 12, timeZone: "Asia/Kathmandu", revision: 1 });
  });

  test("refuses, by code and in words, what must change nothing", async () => {
    const before = await store.getDashboardSettings();
    const r = String(before.revision);
    const good = { revision: r, lowStockAt: "3", timeZone: "UTC" };
    const cases: [Caller, Record<string, string>, string][] = [
      [admin, { ...good, lowStockAt: "-3" }, "bad-level"],
      [admin, { ...good, lowStockAt: "2.5" }, "bad-level"],
      [admin, { ...good, lowStockAt: "1000001" }, "bad-level"],
      [admin, { ...good, lowStockAt: "" }, "bad-level"],
      [admin, { ...good, timeZone: "Mars/Olympus" }, "bad-zone"],
      [admin, { ...good, timeZone: "+05:45" }, "bad-zone"],
      [admin, { ...good, revision: "0" }, "conflict"],
      [admin, { lowStockAt: "3", timeZone: "UTC" }, "not-a-form"],
      [admin, { revision: r, timeZone: "UTC" }, "not-a-form"],
      [{ ...admin, origin: "https://evil.example" }, good, "cross-origin"],
      [{ ...admin, user: { isAdmin: false, email: "eve@example.com" } }, good, "not-admin"],
      [{ ...admin, user: "unavailable" }, good, "unavailable"],
    ];
    for (const [caller, fields, code] of cases) {
      const said = await changeDashboardAs(caller, formOf(fields), open);
      assert.equal(said, code, JSON.stringify(fields));
      assert.equal(dashboardNotice(said)?.ok, false, `${code} is said as a refusal`);
    }
    assert.deepEqual(await store.getDashboardSettings(), before);
  });
});
