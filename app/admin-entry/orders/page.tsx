import { AdminGate } from "@/components/admin/admin-gate";
import { AdminOrderList } from "@/components/admin/orders/admin-order-list";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Orders",
  description: "Every order of the Storefront, to ship, deliver and settle.",
  path: "/admin-entry/orders",
  noindex: true,
});

/**
 * The page answers once the orders are read, with them in the HTML: the
 * filter's GET form and the links work before and without JavaScript, which
 * content streamed behind a fallback would need.
 */
export const instant = false;

/**
 * Only admins get here: proxy.ts sends everyone else to /admin-signin, and
 * the page checks the session itself (AdminGate) before it reads any order.
 * Rendered per request (the gate waits for connection()); the answer is
 * `private, no-store` like every page under /admin-entry
 * (lib/security/private-pages.ts), so no cache keeps a customer's data.
 */
export default function AdminOrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <div className="page">
      <AdminGate>{(admin) => <AdminOrderList admin={admin} searchParams={searchParams} />}</AdminGate>
    </div>
  );
}
