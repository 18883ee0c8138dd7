/**
 * A figure stored before money was whole cents that does not read as dollars
 * (written by something else than the shop) is logged where it is read, never
 * passed on silently; one that reads takes the normal path and logs nothing:
 * an order's dollars on Firestore (lib/data/firestore/order-docs.ts) and a
 * recorded product change's price on either store (lib/data/rules/product-fields.ts).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Order } from "@/lib/data/contract/orders";
import { orderFromDoc } from "@/lib/data/firestore/order-docs";
import { productChangeFromDoc } from "@/lib/data/firestore/mapping";
import { toProductChange } from "@/lib/data/sqlite/rows";
import { captureLogLines } from "@/lib/log/sink";

const dollarsOrder = (subtotal: unknown) => ({
  reference: "REFOLD1",
  owner: "guest:legacy",
  uid: null,
  lines: [{ productId: "p1", name: "Lamp", image: "/products/lamp.webp", unitPrice: 10, quantity: 1 }],
  subtotal,
  shipping: 0,
  total: 10,
  contact: { email: "old@example.com", name: "Old", phone: "" },
  address: { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
  paymentMethod: "pay_on_delivery",
  payment: "due",
  fulfilment: "placed",
  returnState: "none",
  placedAt: 1,
  revision: 1,
  history: [],
});

const oldChange = (price: unknown) => ({ action: "update", by: "admin", at: 1, before: { name: "Lamp", price }, after: null });

/** Runs `read` and returns what it logged. */
function logsOf(read: () => unknown) {
  const captured = captureLogLines();
  try {
    read();
  } finally {
    captured.restore();
  }
  return captured.lines;
}

describe("legacy money that does not read", () => {
  it("an order's dollars: read exactly and nothing logged; an unreadable one logged with its order and field", () => {
    let order!: Order;
    assert.deepEqual(
      logsOf(() => (order = orderFromDoc("o1", dollarsOrder(10)))),
      [],
    );
    assert.equal(order.subtotalCents, 1000);

    const lines = logsOf(() => (order = orderFromDoc("o2", dollarsOrder("ten dollars"))));
    assert.ok(Number.isNaN(order.subtotalCents));
    assert.deepEqual(
      lines.map((line) => [line.level, line.kind, line.orderId, line.field]),
      [["warn", "store.order_money_unreadable", "o2", "subtotal"]],
    );
  });

  it("a recorded change's old price, on Firestore and SQLite: read into cents silently; an unreadable one logged and read as 0", () => {
    const firestore = (price: unknown) => productChangeFromDoc("p1", oldChange(price));
    const sqlite = (price: unknown) =>
      toProductChange({
        product_id: "p1",
        at: 1,
        by: "admin",
        action: "update",
        before: JSON.stringify({ name: "Lamp", price }),
        after: null,
      });
    for (const read of [firestore, sqlite]) {
      assert.deepEqual(
        logsOf(() => assert.equal(read(12.5).before?.priceCents, 1250)),
        [],
      );
      const lines = logsOf(() => assert.equal(read("12,5").before?.priceCents, 0));
      assert.deepEqual(
        lines.map((line) => [line.level, line.kind, line.productId]),
        [["warn", "store.product_change_price_unreadable", "p1"]],
      );
    }
  });
});
