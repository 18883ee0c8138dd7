/**
 * The shipping page's actions' core (lib/admin/shipping-zones.ts) against a
 * real SQLite store: an admin of this shop saves, adds and deletes zones in
 * dollars typed; a stale revision, a bad amount, an overlap, the last zone
 * and any caller but an admin from the shop's own page are refused by code,
 * and change nothing.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Caller } from "@/lib/admin/guard";
import { after, before, describe, test } from "node:test";
import { changeShippingAs } from "@/lib/admin/shipping-zones";
import { shippingNotice } from "@/lib/admin/shipping-notice";
import { ADMIN_CALLER, formOf } from "./helpers/action-inputs";
import { DEFAULT_SHIPPING_ZONES } from "@/lib/data/contract/shipping";
import type { Store } from "@/lib/data/contract/store";
import { openSqliteStore } from "@/lib/data/sqlite/store";

const admin = ADMIN_CALLER;

describe("the shipping page's actions", () => {
  const dir = mkdtempSync(join(tmpdir(), "admin-shipping-"));
  let store: Store;
  const open = async () => store;
  before(() => {
    store = openSqliteStore(join(dir, "shipping.db"));
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("saves names, rates and free-over typed in dollars; adds a country and US states; deletes a zone", async () => {
    const save = formOf({
      intent: "save",
      revision: "0",
      "name-us-contiguous": "Lower 48",
      "rate-us-contiguous": "4.50",
      "free-us-contiguous": "",
      "name-us-ak-hi": "Alaska and Hawaii",
      "rate-us-ak-hi": "$15",
      "free-us-ak-hi": "100",
    });
    assert.equal(await changeShippingAs(admin, save, open), "saved");
    let { zones, revision } = await store.getShippingZones();
    assert.equal(revision, 1);
    assert.deepEqual(
      zones.map((z) => [z.name, z.rateCents, z.freeOverCents]),
      [
        ["Lower 48", 450, null],
        ["Alaska and Hawaii", 1500, 10000],
      ],
    );
    const canada = formOf({ intent: "add", revision: "1", country: "ca", states: "", name: "Canada", rate: "20.00", free: "150" });
    assert.equal(await changeShippingAs(admin, canada, open), "added");
    ({ zones, revision } = await store.getShippingZones());
    assert.deepEqual(zones.at(-1) && [zones.at(-1)!.country, zones.at(-1)!.regions, zones.at(-1)!.rateCents, zones.at(-1)!.freeOverCents], [
      "CA",
      [],
      2000,
      15000,
    ]);
    const territories = formOf({ intent: "add", revision: "2", country: "US", states: "wa, or", name: "", rate: "7", free: "" });
    assert.equal(await changeShippingAs(admin, territories, open), "added");
    ({ zones, revision } = await store.getShippingZones());
    assert.deepEqual([zones.at(-1)!.name, zones.at(-1)!.regions], ["US", ["WA", "OR"]]);
    assert.equal(await changeShippingAs(admin, formOf({ intent: "delete", revision: "3", zoneId: zones.at(-1)!.id }), open), "deleted");
    assert.equal((await store.getShippingZones()).zones.length, 3);
  });

  test("refuses a stale revision, a bad amount, an overlap, the last zone and a bad caller, each in words, changing nothing", async () => {
    const before = await store.getShippingZones();
    const r = String(before.revision);
    const cases: [Caller, Record<string, string>, string][] = [
      [admin, { intent: "add", revision: "0", country: "MX", rate: "9" }, "conflict"],
      [admin, { intent: "add", revision: r, country: "MX", rate: "nine" }, "bad-amount"],
      [admin, { intent: "add", revision: r, country: "MX", rate: "9.999" }, "bad-amount"],
      [admin, { intent: "add", revision: r, country: "CA", rate: "9" }, "overlap"],
      [admin, { intent: "add", revision: r, country: "US", states: "AK", rate: "9" }, "overlap"],
      [admin, { intent: "add", revision: r, country: "US", states: "XX", rate: "9" }, "bad-states"],
      [admin, { intent: "add", revision: r, country: "Mexico", rate: "9" }, "bad-country"],
      [admin, { intent: "teleport", revision: r }, "not-a-form"],
      [admin, { intent: "add", revision: "x", country: "MX", rate: "9" }, "not-a-form"],
      [{ ...admin, origin: "https://evil.example" }, { intent: "add", revision: r, country: "MX", rate: "9" }, "cross-origin"],
      [
        { ...admin, user: { isAdmin: false, email: "eve@example.com" } },
        { intent: "add", revision: r, country: "MX", rate: "9" },
        "not-admin",
      ],
      [{ ...admin, user: "unavailable" }, { intent: "add", revision: r, country: "MX", rate: "9" }, "unavailable"],
    ];
    for (const [caller, fields, code] of cases) {
      assert.equal(await changeShippingAs(caller, formOf(fields), open), code, JSON.stringify(fields));
      assert.ok(shippingNotice(code)?.ok === false, code);
    }
    assert.deepEqual(await store.getShippingZones(), before);
    // The last zone cannot go: deleting every zone but one, then it.
    let current = before;
    for (const zone of current.zones.slice(1)) {
      assert.equal(
        await changeShippingAs(admin, formOf({ intent: "delete", revision: String(current.revision), zoneId: zone.id }), open),
        "deleted",
      );
      current = await store.getShippingZones();
    }
    const last = formOf({ intent: "delete", revision: String(current.revision), zoneId: current.zones[0].id });
    assert.equal(await changeShippingAs(admin, last, open), "last-zone");
    assert.deepEqual((await store.getShippingZones()).zones, current.zones);
    assert.notDeepEqual(current.zones, DEFAULT_SHIPPING_ZONES);
  });
});
