import { AdminGate } from "@/components/admin/admin-gate";
import { DiscountCodes } from "@/components/admin/discount-codes";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Discount codes",
  description: "The Storefront's discount codes.",
  path: "/admin-entry/discounts",
  noindex: true,
});

/** The page answers once the codes are read, with its forms in the HTML: they work without JavaScript. */
export const instant = false;

/**
 * Only admins get here: proxy.ts sends everyone else to /admin-signin, and
 * the page checks the session itself (AdminGate) before it reads the codes;
 * the action checks it again (lib/admin/discount-actions.ts).
 */
export default function AdminDiscountsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <div className="page">
      <AdminGate>{(admin) => <DiscountCodes admin={admin} searchParams={searchParams} />}</AdminGate>
    </div>
  );
}
