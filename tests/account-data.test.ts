/**
 * "Download my data" (lib/orders/account-data.ts), issue 43 item 5, against
 * a real SQLite store: the account as given, its saved addresses, and its
 * orders, the guest orders of its address only once Firebase says it is
 * verified; nothing of another shopper, and nothing internal (token hashes,
 * payment session ids) in the file.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Store } from "@/lib/data/contract/store";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { accountData } from "@/lib/orders/account-data";
import { placeGuestOrder, product } from "./helpers/fixtures";

const dir = mkdtempSync(join(tmpdir(), "account-data-"));
const NOW = Date.UTC(2026, 11, 2, 12, 0, 0);
const PROFILE = { name: "Ada Data", email: "ada.data@example.com", verified: false, hasPassword: true };

describe("a shopper's data, downloaded", () => {
  let store: Store;

  before(async () => {
    store = openSqliteStore(join(dir, "store.db"));
    const lamp = product("lamp", 1);
    await store.upsertProducts([lamp]);
    await store.setStock("lamp", 10, null);
    await placeGuestOrder(store, lamp, { email: PROFILE.email, paymentMethod: "pay_on_delivery" });
    await placeGuestOrder(store, lamp, { email: "someone.else@example.com", paymentMethod: "pay_on_delivery" });
    await store.addAddress(
      "uid-ada",
      {
        name: "Ada Home",
        phone: "",
        country: "US",
        line1: "1 Home Street",
        line2: "",
        city: "Portland",
        region: "OR",
        postalCode: "97201",
      },
      { makeDefault: false },
    );
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("holds the account, its addresses, and no guest order before the address is verified", async () => {
    const data = await accountData(store, "uid-ada", PROFILE, NOW);
    assert.equal(data.exportedAt, "2026-12-02T12:00:00.000Z");
    assert.deepEqual(data.account, { name: "Ada Data", email: PROFILE.email, emailVerified: false });
    assert.deepEqual(
      data.addresses.map((entry) => [entry.name, entry.line1, entry.isDefault]),
      [["Ada Home", "1 Home Street", true]],
    );
    assert.deepEqual(data.orders, []);
    assert.equal(data.ordersNote, null);
  });

  test("once verified, the guest orders of its address join, as the order page shows them, and nothing internal", async () => {
    const data = await accountData(store, "uid-ada", { ...PROFILE, verified: true }, NOW);
    assert.equal(data.orders.length, 1);
    const [order] = data.orders;
    assert.deepEqual(order.contact, { name: "Pat Placer", email: PROFILE.email, phone: null });
    assert.deepEqual(
      order.lines.map((line) => [line.productId, line.quantity]),
      [["lamp", 1]],
    );
    assert.match(order.placedAt, /^\d{4}-\d\d-\d\dT/);
    const text = JSON.stringify(data);
    assert.ok(!text.includes("someone.else@example.com"), "another shopper's order");
    assert.ok(!text.includes("c".repeat(64)), "a guest token's hash");
  });
});
