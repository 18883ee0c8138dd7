/**
 * The dashboard's figures from the store's sales days (lib/data/contract/sales.ts):
 * the last 30 days in the operator's time zone, today's included. Every
 * zone's offset is a whole number of quarter hours, so each quarter hour
 * falls in one local day and a local day's figures are exact. A day's
 * products are kept per UTC day: the top products are those of the UTC
 * days whose noon falls in the 30 local days (exact in UTC, within half a
 * day of the edges elsewhere). Pure.
 */
import { SALES_FIGURES, SLOT_MS, type SalesDay, type SalesFigures } from "@/lib/data/contract/sales";
import { noFigures } from "@/lib/data/rules/sales-figures";

const DASHBOARD_DAYS = 30;
const TOP_PRODUCTS = 10;
/** How many low-stock products the dashboard lists, fewest first. */
export const LOW_STOCK_SHOWN = 10;

const DAY_MS = 86_400_000;

/** The calendar day (YYYY-MM-DD) of a time in a zone. */
function dayInZone(timeZone: string): (at: number) => string {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  return (at) => format.format(at);
}

/** The day `n` days after `day` (YYYY-MM-DD; n may be negative). */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export interface DashboardWindow {
  /** The 30 local days, oldest first, today's last. */
  days: string[];
  /** The UTC days that hold them: from the day before the first to the day after today (a zone is at most 14 hours off). */
  utcFrom: string;
  utcTo: string;
}

export function dashboardWindow(now: number, timeZone: string): DashboardWindow {
  const today = dayInZone(timeZone)(now);
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => addDays(today, i - DASHBOARD_DAYS + 1));
  return { days, utcFrom: addDays(days[0], -1), utcTo: addDays(today, 1) };
}

export interface DayFigures extends SalesFigures {
  day: string;
}

export interface TopProduct {
  productId: string;
  name: string;
  units: number;
  goodsCents: number;
}

export interface DashboardFigures {
  days: DayFigures[];
  totals: SalesFigures;
  /** Sales over paid orders; null without a paid order. */
  averageOrderCents: number | null;
  /** By goods sold, then units, then name. */
  topProducts: TopProduct[];
}

export function dashboardFigures(salesDays: readonly SalesDay[], window: DashboardWindow, timeZone: string): DashboardFigures {
  const localDay = dayInZone(timeZone);
  const byDay = new Map(window.days.map((day): [string, DayFigures] => [day, { day, ...noFigures() }]));
  const totals = noFigures();
  const products = new Map<string, TopProduct>();
  for (const salesDay of salesDays) {
    const midnight = Date.parse(`${salesDay.day}T00:00:00Z`);
    for (const [slot, figures] of Object.entries(salesDay.slots)) {
      const day = byDay.get(localDay(midnight + Number(slot) * SLOT_MS));
      if (!day || !figures) continue;
      for (const name of SALES_FIGURES) {
        day[name] += figures[name];
        totals[name] += figures[name];
      }
    }
    if (!byDay.has(localDay(midnight + DAY_MS / 2))) continue;
    for (const [productId, sold] of Object.entries(salesDay.products)) {
      const top = products.get(productId) ?? { productId, name: sold.name, units: 0, goodsCents: 0 };
      products.set(productId, { ...top, name: sold.name, units: top.units + sold.units, goodsCents: top.goodsCents + sold.goodsCents });
    }
  }
  const topProducts = [...products.values()]
    .filter((product) => product.units > 0)
    .sort((a, b) => b.goodsCents - a.goodsCents || b.units - a.units || a.name.localeCompare(b.name))
    .slice(0, TOP_PRODUCTS);
  return {
    days: [...byDay.values()],
    totals,
    averageOrderCents: totals.paidOrders > 0 ? Math.round(totals.salesCents / totals.paidOrders) : null,
    topProducts,
  };
}
