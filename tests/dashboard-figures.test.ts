/**
 * The dashboard's 30 days from the store's sales days
 * (lib/admin/dashboard/dashboard-figures.ts), worked by hand: a quarter
 * hour lands on its day in the operator's zone, the window ends today there,
 * the top products rank by goods sold, the average is over paid orders.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { dashboardFigures, dashboardWindow } from "@/lib/admin/dashboard/dashboard-figures";
import type { SalesDay, SalesFigures } from "@/lib/data/contract/sales";

const figures = (overrides: Partial<SalesFigures>): SalesFigures => ({
  orders: 0,
  paidOrders: 0,
  salesCents: 0,
  taxCents: 0,
  shippingCents: 0,
  refundedCents: 0,
  ...overrides,
});

// 2030-03-05 03:00 UTC is March 4, 10 pm in New York (EST, UTC−5).
const NOW = Date.UTC(2030, 2, 5, 3, 0);

describe("dashboard figures", () => {
  it("ends the 30 days on today in the zone, reading the UTC days around them", () => {
    const utc = dashboardWindow(NOW, "UTC");
    assert.deepEqual(
      [utc.days.length, utc.days[0], utc.days.at(-1), utc.utcFrom, utc.utcTo],
      [30, "2030-02-04", "2030-03-05", "2030-02-03", "2030-03-06"],
    );
    const newYork = dashboardWindow(NOW, "America/New_York");
    assert.deepEqual([newYork.days[0], newYork.days.at(-1)], ["2030-02-03", "2030-03-04"]);
    const kathmandu = dashboardWindow(NOW, "Asia/Kathmandu");
    assert.equal(kathmandu.days.at(-1), "2030-03-05", "UTC+5:45: 08:45 on the 5th");
  });

  it("puts each quarter hour on its day in the zone and totals the 30 days", () => {
    const days: SalesDay[] = [
      {
        day: "2030-03-05",
        // 02:00 UTC (slot 8) is the 4th in New York; 05:15 UTC (slot 21) is the 5th, after the window's today.
        slots: { 8: figures({ orders: 2, paidOrders: 1, salesCents: 4000 }), 21: figures({ orders: 1 }) },
        products: {},
      },
      {
        day: "2030-03-01",
        slots: { 60: figures({ orders: 1, paidOrders: 1, salesCents: 1000, taxCents: 63, shippingCents: 599 }) },
        products: {
          mug: { name: "Mug", units: 4, goodsCents: 5000 },
          lamp: { name: "Lamp", units: 1, goodsCents: 8000 },
          pen: { name: "Pen", units: 0, goodsCents: 0 },
        },
      },
    ];
    const window = dashboardWindow(NOW, "America/New_York");
    const result = dashboardFigures(days, window, "America/New_York");
    const byDay = new Map(result.days.map((day) => [day.day, day]));
    assert.equal(result.days.length, 30);
    assert.deepEqual([byDay.get("2030-03-04")!.orders, byDay.get("2030-03-04")!.salesCents], [2, 4000]);
    assert.equal(byDay.get("2030-03-01")!.shippingCents, 599);
    assert.deepEqual(result.totals, figures({ orders: 3, paidOrders: 2, salesCents: 5000, taxCents: 63, shippingCents: 599 }));
    assert.equal(result.averageOrderCents, 2500);
    assert.deepEqual(
      result.topProducts.map((p) => [p.name, p.units, p.goodsCents]),
      [
        ["Lamp", 1, 8000],
        ["Mug", 4, 5000],
      ],
    );
  });

  it("splits the quarter hours at local midnight in a zone 5:45 off UTC and on the day New York's clocks go forward", () => {
    const one = figures({ orders: 1 });
    const dayOf = (result: ReturnType<typeof dashboardFigures>, day: string) => result.days.find((d) => d.day === day)!.orders;
    // Kathmandu (UTC+5:45): 18:00-18:15 UTC (slot 72) is 23:45 on the 4th, 18:15 (slot 73) midnight on the 5th.
    const kathmandu = dashboardFigures(
      [{ day: "2030-03-04", slots: { 72: one, 73: { ...one, orders: 10 } }, products: {} }],
      dashboardWindow(NOW, "Asia/Kathmandu"),
      "Asia/Kathmandu",
    );
    assert.deepEqual([dayOf(kathmandu, "2030-03-04"), dayOf(kathmandu, "2030-03-05")], [1, 10]);
    // 2030-03-10 in New York runs 05:00 UTC (EST) to 04:00 UTC on the 11th (EDT): 23 hours.
    const afterDst = Date.UTC(2030, 2, 12, 12, 0);
    const newYork = dashboardFigures(
      [
        { day: "2030-03-10", slots: { 19: one, 20: { ...one, orders: 10 } }, products: {} },
        { day: "2030-03-11", slots: { 15: { ...one, orders: 100 }, 16: { ...one, orders: 1000 } }, products: {} },
      ],
      dashboardWindow(afterDst, "America/New_York"),
      "America/New_York",
    );
    assert.deepEqual(
      ["2030-03-09", "2030-03-10", "2030-03-11"].map((day) => dayOf(newYork, day)),
      [1, 110, 1000],
    );
  });

  it("has no average without a paid order", () => {
    const window = dashboardWindow(NOW, "UTC");
    assert.equal(dashboardFigures([], window, "UTC").averageOrderCents, null);
    assert.equal(
      dashboardFigures([], window, "UTC").days.every((day) => day.orders === 0),
      true,
    );
  });
});
