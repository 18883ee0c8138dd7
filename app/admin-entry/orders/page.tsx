import { AdminOnly } from "@/components/admin/admin-gate";
import { AdminOrderList } from "@/components/admin/orders/admin-order-list";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Orders",
  description: "Every order of the Storefront, to ship, deliver and settle.",
  path: "/admin-entry/orders",
  noindex: true,
});

/**
 * Only admins get here: proxy.ts sends everyone else to /admin-signin, and
 * the page checks the session itself (AdminOnly) before it reads any order.
 * Rendered per request (the gate waits for connection()); the answer is
 * `private, no-store` like every page under /admin-entry
 * (lib/security/private-pages.ts), so no cache keeps a customer's data.
 */
export default function AdminOrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <div className="page">
      <AdminOnly loading="Loading orders…">{(admin) => <AdminOrderList admin={admin} searchParams={searchParams} />}</AdminOnly>
    </div>
  );
}
