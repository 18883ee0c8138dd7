import type { AdminProof } from "@/lib/admin/admin-proof";
import { dashboardNotice } from "@/lib/admin/dashboard/dashboard-notice";
import { readDashboard } from "@/lib/admin/dashboard/dashboard-reads";
import { formatCents, formatCentsBrief } from "@/lib/money";
import { BarChart } from "./bar-chart";
import { DashboardSettingsForm } from "./dashboard-settings-form";
import { LowStock } from "./low-stock";
import { OrdersWaitingList } from "./orders-waiting";
import { SalesTotals } from "./sales-totals";
import { TopProducts } from "./top-products";
import styles from "./dashboard.module.css";

type SearchParams = Record<string, string | string[] | undefined>;

const COUNT = new Intl.NumberFormat("en-US");
/** A long day for the page's sentence: "March 4, 2030". */
const longDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
/** "$1.2K" on a chart's axis; the tables say each figure in full. */
const AXIS_DOLLARS = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact", maximumFractionDigits: 1 });

/**
 * The operator's sales dashboard (issue 42, item 5): the last 30 days in the
 * operator's time zone, read from the store's sales figures and counts, never
 * from the orders (lib/admin/dashboard/dashboard-reads.ts). Sales are paid
 * orders' goods after discounts, net of refunds; tax and shipping apart.
 * Server-rendered, charts included: it reads the same without JavaScript.
 */
export async function SalesDashboard({ admin, searchParams }: { admin: AdminProof; searchParams: Promise<SearchParams> }) {
  const [{ settings, window, figures, waiting, lowStock }, { notice }] = await Promise.all([readDashboard(admin), searchParams]);
  const said = dashboardNotice(notice);
  const zone = settings.timeZone === "UTC" ? "UTC" : settings.timeZone.replaceAll("_", " ");
  return (
    <div className={styles.page}>
      <h1>Dashboard</h1>
      {said ? (
        <p className="status-text" role={said.ok ? "status" : "alert"} data-testid="dashboard-notice">
          {said.text}
        </p>
      ) : null}
      <p data-testid="dashboard-range">
        The last 30 days, {longDay(window.days[0])} to {longDay(window.days.at(-1)!)}, in {zone}.
      </p>

      <SalesTotals figures={figures} />

      <OrdersWaitingList waiting={waiting} />

      <div className={styles.charts}>
        <BarChart
          id="sales-chart"
          title="Sales per day"
          points={figures.days.map((day) => ({ day: day.day, value: day.salesCents }))}
          format={formatCents}
          axisFormat={(cents) => (cents < 100_000 ? formatCentsBrief(Math.round(cents / 100) * 100) : AXIS_DOLLARS.format(cents / 100))}
        />
        <BarChart
          id="orders-chart"
          title="Orders per day"
          points={figures.days.map((day) => ({ day: day.day, value: day.orders }))}
          format={(n) => COUNT.format(n)}
        />
      </div>

      <TopProducts products={figures.topProducts} />

      <LowStock products={lowStock} atMost={settings.lowStockAt} />

      <DashboardSettingsForm settings={settings} />
    </div>
  );
}
