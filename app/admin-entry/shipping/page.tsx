import { AdminGate } from "@/components/admin/admin-gate";
import { ShippingZones } from "@/components/admin/shipping-zones";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Shipping",
  description: "The Storefront's shipping zones and rates.",
  path: "/admin-entry/shipping",
  noindex: true,
});

/** The page answers once the zones are read, with its forms in the HTML: they work without JavaScript. */
export const instant = false;

/**
 * Only admins get here: proxy.ts sends everyone else to /admin-signin, and
 * the page checks the session itself (AdminGate) before it reads the zones;
 * the action checks it again (lib/admin/shipping-actions.ts).
 */
export default function AdminShippingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <div className="page">
      <AdminGate>{(admin) => <ShippingZones admin={admin} searchParams={searchParams} />}</AdminGate>
    </div>
  );
}
