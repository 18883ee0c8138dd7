/**
 * The dashboard's reads on SQLite (../contract/sales.ts): the sales figures'
 * days (tables of migration 24, kept by orders.ts in each order's
 * transaction), the orders waiting counted on the orders' state indexes, low
 * stock on the counts' index, and the dashboard's settings, the "dashboard"
 * setting (settings.ts). Every order is counted by the migration or its own
 * write, so there is never one left to count.
 */
import {
  DEFAULT_DASHBOARD_SETTINGS,
  SALES_FIGURES,
  type DashboardSettingsStore,
  type DashboardSettingsValue,
  type SalesDay,
  type SalesFigures,
  type SalesStore,
} from "../contract/sales";
import type { SqliteContext } from "./context";
import { sqliteSetting, type Setting } from "./settings";

const DASHBOARD_SETTING: Setting<DashboardSettingsValue> = {
  key: "dashboard",
  fallback: () => DEFAULT_DASHBOARD_SETTINGS,
  what: "The dashboard's settings",
};

interface SlotRow {
  day: string;
  slot: number;
  orders: number;
  paid_orders: number;
  sales_cents: number;
  tax_cents: number;
  shipping_cents: number;
  refunded_cents: number;
}

const slotFigures = (row: SlotRow): SalesFigures => ({
  orders: row.orders,
  paidOrders: row.paid_orders,
  salesCents: row.sales_cents,
  taxCents: row.tax_cents,
  shippingCents: row.shipping_cents,
  refundedCents: row.refunded_cents,
});

export function sqliteSales(context: SqliteContext): SalesStore & DashboardSettingsStore {
  const { db, run } = context;
  const sql = {
    slots: db.prepare<[string, string], SlotRow>("SELECT * FROM sales_slots WHERE day BETWEEN ? AND ? ORDER BY day, slot"),
    products: db.prepare<[string, string], { day: string; product_id: string; name: string; units: number; goods_cents: number }>(
      "SELECT * FROM sales_products WHERE day BETWEEN ? AND ?",
    ),
    openReturns: db.prepare<[], { n: number }>("SELECT count(*) AS n FROM orders WHERE return_state = 'requested'"),
    awaiting: db.prepare<[], { n: number }>("SELECT count(*) AS n FROM orders WHERE payment IN ('due', 'awaiting')"),
    lowStock: db.prepare<[number, number], { product_id: string; name: string; count: number }>(
      `SELECT s.product_id, p.name, s.count FROM product_stock s JOIN products p ON p.id = s.product_id
       WHERE s.count <= ? ORDER BY s.count, s.product_id LIMIT ?`,
    ),
  };
  const setting = sqliteSetting(context, DASHBOARD_SETTING);
  // Every figure of a slot that sums to nothing is still a row: a step that takes back all it added leaves zeros.
  const hasFigures = (row: SlotRow) => SALES_FIGURES.some((name) => slotFigures(row)[name] !== 0);

  return {
    readSalesDays: (from, to) =>
      run(() => {
        const days = new Map<string, SalesDay>();
        const dayOf = (day: string) => days.get(day) ?? days.set(day, { day, slots: {}, products: {} }).get(day)!;
        for (const row of sql.slots.all(from, to)) if (hasFigures(row)) dayOf(row.day).slots[row.slot] = slotFigures(row);
        for (const row of sql.products.all(from, to)) {
          if (row.units !== 0 || row.goods_cents !== 0)
            dayOf(row.day).products[row.product_id] = { name: row.name, units: row.units, goodsCents: row.goods_cents };
        }
        return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
      }),
    countOrdersWaiting: () => run(() => ({ openReturns: sql.openReturns.get()!.n, paymentsAwaiting: sql.awaiting.get()!.n })),
    listLowStock: (atMost, limit) =>
      run(() => sql.lowStock.all(atMost, limit).map((row) => ({ productId: row.product_id, name: row.name, count: row.count }))),
    countUncountedOrders: async () => ({ scanned: 0, counted: 0 }),
    getDashboardSettings: async () => {
      const { value, revision } = await setting.get();
      return { ...value, revision };
    },
    setDashboardSettings: async (value, expected, by) => {
      const saved = await setting.set(value, expected, by);
      return { ...saved.value, revision: saved.revision };
    },
  };
}
