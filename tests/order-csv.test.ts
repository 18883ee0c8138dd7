/**
 * The orders export (lib/admin/orders/order-csv.ts): one row per line, the
 * order's figures on its first row only (a column's sum is the range's), in
 * the desk's words, refunds counted once they succeeded; an erased order
 * keeps its figures; the range is whole UTC days, checked before any read.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ORDER_CSV_COLUMNS, lastMonth, orderCsvRows, parseOrderExportRange } from "@/lib/admin/orders/order-csv";
import { orderSchema, type Order } from "@/lib/data/contract/orders";
import { csvLines } from "@/lib/csv/write";

const order: Order = orderSchema.parse({
  id: "order-1",
  reference: "K7PM-2QX9-HT4D",
  owner: "guest:0b7e4a8e-1f2d-4c3b-9a8e-1234567890ab",
  uid: null,
  guestTokenHashes: [],
  lines: [
    { productId: "lamp", name: "=Desk Lamp", image: "/products/lamp.webp", unitPriceCents: 2000, quantity: 2 },
    { productId: "mug", name: "Mug", image: "/products/mug.webp", unitPriceCents: 550, quantity: 1 },
  ],
  subtotalCents: 4550,
  shippingCents: 500,
  shippingZone: "Contiguous US",
  discountCode: "TENOFF",
  discountCents: 455,
  taxCents: 256,
  taxRate: 6250,
  totalCents: 4851,
  contact: { email: "ada@example.com", name: "Ada Lovelace", phone: "" },
  address: { country: "US", line1: "1 Main St", line2: "", city: "Springfield", region: "IL", postalCode: "62701" },
  fulfilment: "delivered",
  payment: "partially_refunded",
  paymentMethod: "card",
  cardSession: null,
  cardRefunds: [
    { id: "re_1", amountCents: 1000, status: "succeeded", at: 5 },
    { id: "re_2", amountCents: 300, status: "pending", at: 6 },
  ],
  trackingNumber: "T-1",
  returnState: null,
  returnReason: null,
  placedAt: Date.UTC(2026, 10, 30, 23, 59, 59, 999),
  deliveredAt: null,
  revision: 4,
  history: [],
  erasedAt: null,
});

test("one row per line, the order's figures on its first only, in the desk's words", () => {
  const rows = orderCsvRows(order).map((row) => Object.fromEntries(ORDER_CSV_COLUMNS.map((column, index) => [column, row[index]])));
  assert.equal(rows.length, 2);
  assert.ok(rows.every((row) => Object.keys(row).length === ORDER_CSV_COLUMNS.length));
  assert.deepEqual(
    { ...rows[0] },
    {
      reference: "K7PM-2QX9-HT4D",
      placedAt: "2026-11-30T23:59:59.999Z",
      fulfilment: "Delivered",
      payment: "Partly refunded",
      paymentMethod: "card (Stripe)",
      return: "",
      email: "ada@example.com",
      name: "Ada Lovelace",
      country: "US",
      region: "IL",
      discountCode: "TENOFF",
      subtotal: "45.50",
      discount: "4.55",
      shipping: "5.00",
      shippingZone: "Contiguous US",
      tax: "2.56",
      taxRatePercent: "6.25",
      total: "48.51",
      refunded: "10.00",
      lineProductId: "lamp",
      lineProduct: "=Desk Lamp",
      lineQuantity: "2",
      lineUnitPrice: "20.00",
      lineTotal: "40.00",
    },
  );
  assert.deepEqual(
    ORDER_CSV_COLUMNS.filter((column) => rows[1][column] !== ""),
    ["reference", "placedAt", "lineProductId", "lineProduct", "lineQuantity", "lineUnitPrice", "lineTotal"],
  );
  // Through the file, a product's name a spreadsheet would run is text.
  assert.ok(csvLines(orderCsvRows(order)).includes(",lamp,'=Desk Lamp,2,20.00,40.00\r\n"));
});

test("an erased order keeps its figures and nothing of its person", () => {
  const erased = orderSchema.parse({
    ...order,
    contact: { email: "erased", name: "", phone: "" },
    address: { country: "", line1: "", line2: "", city: "", region: "", postalCode: "" },
    erasedAt: 9,
  });
  const [first] = orderCsvRows(erased);
  const at = (column: (typeof ORDER_CSV_COLUMNS)[number]) => first[ORDER_CSV_COLUMNS.indexOf(column)];
  assert.deepEqual([at("email"), at("name"), at("country"), at("total")], ["erased", "", "", "48.51"]);
});

test("the range is whole UTC days, both included; anything else is refused in words", () => {
  const range = parseOrderExportRange(new URLSearchParams("from=2026-11-01&to=2026-11-30"));
  assert.deepEqual(range, { placedFrom: Date.UTC(2026, 10, 1), placedBefore: Date.UTC(2026, 11, 1), from: "2026-11-01", to: "2026-11-30" });
  assert.ok(order.placedAt < (range as { placedBefore: number }).placedBefore, "the last millisecond of the last day is in");
  const refused = (query: string) => (parseOrderExportRange(new URLSearchParams(query)) as { error?: string }).error;
  assert.equal(refused("from=2026-11-01"), "Give the first and last day of the orders to export, as YYYY-MM-DD.");
  assert.equal(refused("from=2026-02-30&to=2026-03-01"), "Give the first and last day of the orders to export, as YYYY-MM-DD.");
  assert.equal(refused("from=01/11/2026&to=2026-11-30"), "Give the first and last day of the orders to export, as YYYY-MM-DD.");
  assert.equal(refused("from=2026-11-30&to=2026-11-01"), "The last day comes before the first: give the days the other way round.");
  assert.equal(refused("from=2025-01-01&to=2026-01-02"), "One export covers at most 366 days.");
  assert.equal(refused("from=2024-01-01&to=2024-12-31"), undefined, "a leap year's 366 days are one export");
});

test("the form opens on last month, across a year's turn too", () => {
  assert.deepEqual(lastMonth(new Date(Date.UTC(2026, 11, 3, 10))), { from: "2026-11-01", to: "2026-11-30" });
  assert.deepEqual(lastMonth(new Date(Date.UTC(2027, 0, 1, 0, 0, 0, 1))), { from: "2026-12-01", to: "2026-12-31" });
  assert.deepEqual(lastMonth(new Date(Date.UTC(2028, 2, 15))), { from: "2028-02-01", to: "2028-02-29" });
});
