/**
 * The shop's sales figures (issue 42, the dashboard): aggregates that the
 * order's own transaction and each later step keep (../rules/sales-figures.ts
 * says what an order adds), so the dashboard never reads the orders. One
 * record per UTC day: its figures per quarter hour (every time zone's offset
 * is a whole number of quarter hours, so a day in any zone is a run of
 * them) and what each product sold that day. Every adapter passes
 * tests/store-contract/sales.ts.
 */
import { z } from "./zod";

/** What an order adds to its quarter hour; each a whole count or cents. */
export const SALES_FIGURES = ["orders", "paidOrders", "salesCents", "taxCents", "shippingCents", "refundedCents"] as const;
export type SalesFigure = (typeof SALES_FIGURES)[number];
export type SalesFigures = Record<SalesFigure, number>;

/** A quarter hour: a day's slots are 0..95, counted from 00:00 UTC. */
export const SLOT_MS = 15 * 60 * 1000;

/** What one product sold on a day: units and their goods at the prices paid (before the order's discount). */
export interface ProductSales {
  name: string;
  units: number;
  goodsCents: number;
}

/** One UTC day's figures: slots with none are absent; products that sold nothing are absent. */
export interface SalesDay {
  /** YYYY-MM-DD, UTC. */
  day: string;
  slots: Partial<Record<number, SalesFigures>>;
  products: Record<string, ProductSales>;
}

/** What a write adds to one day (negative where a step takes back): its slot's figures and its products'. */
export interface SalesChange {
  day: string;
  slot: number;
  figures: SalesFigures;
  products: Map<string, ProductSales>;
}

/** A product whose tracked stock is at or under the operator's threshold. */
export interface LowStockProduct {
  productId: string;
  name: string;
  count: number;
}

/** Orders waiting on the operator now: returns asked for, payments not yet taken (due on delivery or awaiting a card). */
export interface OrdersWaiting {
  openReturns: number;
  paymentsAwaiting: number;
}

/** The longest run of days one read returns. */
export const SALES_DAYS_MAX = 62;

export const salesDaySchema = z
  .string({ error: "A day must be text" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "A day must be YYYY-MM-DD")
  .refine((day) => {
    const at = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(at) && new Date(at).toISOString().startsWith(day);
  }, "A day must be a real date");

export const lowStockAtSchema = z
  .number({ error: "The low-stock level must be a number" })
  .int("The low-stock level must be a whole number")
  .min(0, "The low-stock level must not be negative")
  .max(1_000_000, "The low-stock level must be at most 1,000,000");

export interface SalesStore {
  /** The days from `from` to `to` (both UTC, both included, at most SALES_DAYS_MAX), oldest first; a day without sales is absent. */
  readSalesDays(from: string, to: string): Promise<SalesDay[]>;
  /** Counted on the orders' indexes, not by reading them. */
  countOrdersWaiting(): Promise<OrdersWaiting>;
  /** Tracked products with at most `atMost` in stock, fewest first (then by product id), at most `limit`; a deleted product's stock is left out. */
  listLowStock(atMost: number, limit: number): Promise<LowStockProduct[]>;
  /**
   * Adds to the figures every order they do not count yet (orders from
   * before the figures existed), each once, in its own transaction, so it
   * may run beside a live shop and again (an ops command, never a request).
   * Returns how many orders it scanned and how many it added.
   */
  countUncountedOrders(pageSize?: number): Promise<{ scanned: number; counted: number }>;
}

/**
 * Whether `zone` names a time zone this runtime knows: an IANA name or alias,
 * or "UTC". Never a bare offset ("+05:07", which newer runtimes take): the
 * dashboard's days rely on every zone being off UTC by whole quarter hours.
 */
function isTimeZone(zone: string): boolean {
  if (/^[+-]/.test(zone.trim())) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.trim() !== "";
  } catch {
    return false;
  }
}

/** The dashboard's two settings: the low-stock level and the time zone its days are in. */
export const dashboardSettingsSchema = z.strictObject({
  lowStockAt: lowStockAtSchema,
  /** An IANA zone ("Europe/Berlin") or "UTC". */
  timeZone: z.string({ error: "The time zone must be text" }).refine(isTimeZone, "Choose a time zone from the list"),
});
export type DashboardSettingsValue = z.output<typeof dashboardSettingsSchema>;

/** Until the operator saves: 5 or fewer is low, days in UTC. */
export const DEFAULT_DASHBOARD_SETTINGS: DashboardSettingsValue = { lowStockAt: 5, timeZone: "UTC" };

export interface DashboardSettings extends DashboardSettingsValue {
  /** 0 for the default, never saved. */
  revision: number;
}

export interface DashboardSettingsStore {
  getDashboardSettings(): Promise<DashboardSettings>;
  /** Saves both if still at `expectedRevision` (else conflict, nothing written), recording who; returns them at the next revision. */
  setDashboardSettings(value: DashboardSettingsValue, expectedRevision: number, by: string): Promise<DashboardSettings>;
}
