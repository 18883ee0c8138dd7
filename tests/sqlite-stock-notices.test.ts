/**
 * The SQLite stock feed's table (lib/data/sqlite/stock-notices.ts): a row
 * only for a write that changed some shown stock, never one per sale, and
 * the newest 1,000 kept.
 */
import assert from "node:assert/strict";
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { sqliteStockNotices } from "@/lib/data/sqlite/stock-notices";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { defaultBill, newProduct, emailOf } from "./helpers/fixtures";

const dir = mkdtempSync(join(tmpdir(), "stock-notices-"));
let n = 0;

const noticeRows = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare<[], { seq: number; product_ids: string }>("SELECT seq, product_ids FROM stock_notices ORDER BY seq").all();
  } finally {
    db.close();
  }
};

describe("SQLite stock notices", () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("writes a row for a write that changed shown stock, and none for a sale or count that did not", async () => {
    const path = join(dir, `notices-${++n}.db`);
    const store = openSqliteStore(path);
    try {
      const mug = await store.addProduct(newProduct({ name: "Notice Mug" }));
      await store.setStock(mug.id, 40, null);
      await store.addToLine("guest:notice-alice", mug.id, 1);
      const placed = await store.placeOrder({
        owner: "guest:notice-alice",
        uid: null,
        guestTokenHash: "d".repeat(64),
        idempotencyKey: "notice-key-0000001",
        paymentMethod: "pay_on_delivery",
        lines: [{ productId: mug.id, unitPriceCents: mug.priceCents, quantity: 1 }],
        ...defaultBill([{ productId: mug.id, unitPriceCents: mug.priceCents, quantity: 1 }]),
        contact: { email: "alice@example.com", name: "Alice", phone: "" },
        address: { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
        confirmation: emailOf("alice@example.com"),
      });
      assert.deepEqual(placed.stockShownChanged, []);
      await store.setStock(mug.id, 50, 39);
      assert.deepEqual(noticeRows(path), [], "40 to 39 and 39 to 50 show the same: nothing written");
      await store.setStock(mug.id, 4, 50);
      assert.deepEqual(
        noticeRows(path).map((row) => JSON.parse(row.product_ids)),
        [[mug.id]],
      );
    } finally {
      await store.close();
    }
  });

  it("keeps the newest 1,000 notices", async () => {
    const path = join(dir, `notices-${++n}.db`);
    await openSqliteStore(path).close();
    const db = new Database(path);
    try {
      const notices = sqliteStockNotices(db);
      db.transaction(() => {
        for (let i = 0; i < 1_005; i++) notices.record([`p${i}`], i);
      })();
      notices.close();
    } finally {
      db.close();
    }
    const rows = noticeRows(path);
    assert.equal(rows.length, 1_000);
    assert.deepEqual([rows[0].seq, JSON.parse(rows[0].product_ids)], [6, ["p5"]]);
    assert.deepEqual(JSON.parse(rows.at(-1)!.product_ids), ["p1004"]);
  });
});
