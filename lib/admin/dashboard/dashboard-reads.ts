/**
 * What the dashboard reads, only with proof of an admin caller
 * (../admin-proof.ts): its settings, then at once the sales days of its 30
 * local days (at most 32 documents), the orders waiting (two counts on the
 * orders' indexes, no order read) and the low-stock products (at most 10,
 * and their names): never the orders themselves.
 */
import "server-only";
import { getStore } from "@/lib/data";
import type { DashboardSettings, LowStockProduct, OrdersWaiting } from "@/lib/data/contract/sales";
import type { Store } from "@/lib/data/contract/store";
import { assertAdminProof, type AdminProof } from "../admin-proof";
import { dashboardFigures, dashboardWindow, LOW_STOCK_SHOWN, type DashboardFigures, type DashboardWindow } from "./dashboard-figures";

type SalesReads = "getDashboardSettings" | "readSalesDays" | "countOrdersWaiting" | "listLowStock";

export interface Dashboard {
  settings: DashboardSettings;
  window: DashboardWindow;
  figures: DashboardFigures;
  waiting: OrdersWaiting;
  lowStock: LowStockProduct[];
}

export async function readDashboard(admin: AdminProof, now = Date.now()): Promise<Dashboard> {
  assertAdminProof(admin);
  return dashboardOf(await getStore(), now);
}

/** The dashboard's reads from `store` as they are (bench/dashboard-reads.mts counts them at 100,000 orders). */
export async function dashboardOf(store: Pick<Store, SalesReads>, now: number): Promise<Dashboard> {
  const settings = await store.getDashboardSettings();
  const window = dashboardWindow(now, settings.timeZone);
  const [salesDays, waiting, lowStock] = await Promise.all([
    store.readSalesDays(window.utcFrom, window.utcTo),
    store.countOrdersWaiting(),
    store.listLowStock(settings.lowStockAt, LOW_STOCK_SHOWN),
  ]);
  return { settings, window, figures: dashboardFigures(salesDays, window, settings.timeZone), waiting, lowStock };
}
