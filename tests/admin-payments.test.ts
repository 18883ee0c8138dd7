/**
 * The payments page's action core (lib/admin/payment-settings.ts) against a
 * real SQLite store: an admin turns pay on delivery off (where the shop
 * takes cards) and on again; turning it off without cards, a stale
 * revision, a forged form and any caller but an admin from the shop's own
 * page are refused by code, each with its words, and change nothing.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Caller } from "@/lib/admin/guard";
import { after, before, describe, test } from "node:test";
import { changePaymentsAs } from "@/lib/admin/payment-settings";
import { paymentsNotice } from "@/lib/admin/payments-notice";
import { ADMIN_CALLER, formOf } from "./helpers/action-inputs";
import type { Store } from "@/lib/data/contract/store";
import { openSqliteStore } from "@/lib/data/sqlite/store";

const admin = ADMIN_CALLER;

describe("the payments page's action", () => {
  const dir = mkdtempSync(join(tmpdir(), "admin-payments-"));
  let store: Store;
  const open = async () => store;
  const withCards = () => true;
  const withoutCards = () => false;
  before(() => {
    store = openSqliteStore(join(dir, "payments.db"));
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("turns pay on delivery off where the shop takes cards (an unticked box posts nothing), and on again", async () => {
    assert.equal(await changePaymentsAs(admin, formOf({ revision: "0" }), open, withCards), "off-saved");
    assert.deepEqual(await store.getPaymentSettings(), { payOnDelivery: false, revision: 1 });
    assert.equal(await changePaymentsAs(admin, formOf({ revision: "1", payOnDelivery: "on" }), open, withoutCards), "on-saved");
    assert.deepEqual(await store.getPaymentSettings(), { payOnDelivery: true, revision: 2 });
  });

  test("refuses, by code and in words, what must change nothing", async () => {
    const before = await store.getPaymentSettings();
    const r = String(before.revision);
    const cases: [Caller, Record<string, string>, string][] = [
      [admin, { revision: r }, "no-cards"],
      [admin, { revision: "0", payOnDelivery: "on" }, "conflict"],
      [admin, { revision: r, payOnDelivery: "yes" }, "not-a-form"],
      [admin, { revision: "" }, "not-a-form"],
      [admin, { payOnDelivery: "on" }, "not-a-form"],
      [{ ...admin, origin: "https://evil.example" }, { revision: r }, "cross-origin"],
      [{ ...admin, user: { isAdmin: false, email: "eve@example.com" } }, { revision: r }, "not-admin"],
      [{ ...admin, user: "unavailable" }, { revision: r }, "unavailable"],
    ];
    for (const [caller, fields, code] of cases) {
      const said = await changePaymentsAs(caller, formOf(fields), open, withoutCards);
      assert.equal(said, code, JSON.stringify(fields));
      assert.equal(paymentsNotice(said)?.ok, false, `${code} is said as a refusal`);
    }
    assert.deepEqual(await store.getPaymentSettings(), before);
  });
});
