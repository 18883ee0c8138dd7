import { AdminGate } from "@/components/admin/admin-gate";
import { SalesDashboard } from "@/components/admin/dashboard/sales-dashboard";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Dashboard",
  description: "The Storefront's sales, orders, returns and low stock over the last 30 days.",
  path: "/admin-entry/dashboard",
  noindex: true,
});

/** The page answers once its figures are read, with them and the settings form in the HTML: it works without JavaScript. */
export const instant = false;

/**
 * Only admins get here: proxy.ts sends everyone else to /admin-signin, and
 * the page checks the session itself (AdminGate) before it reads a figure;
 * the settings action checks it again (lib/admin/dashboard/dashboard-actions.ts).
 */
export default function AdminDashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <div className="page">
      <AdminGate>{(admin) => <SalesDashboard admin={admin} searchParams={searchParams} />}</AdminGate>
    </div>
  );
}
