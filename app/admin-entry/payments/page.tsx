import { AdminGate } from "@/components/admin/admin-gate";
import { PaymentSettingsForm } from "@/components/admin/payment-settings";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Payments",
  description: "How the Storefront's shoppers pay: cards and pay on delivery.",
  path: "/admin-entry/payments",
  noindex: true,
});

/** The page answers once the switch is read, with its form in the HTML: it works without JavaScript. */
export const instant = false;

/**
 * Only admins get here: proxy.ts sends everyone else to /admin-signin, and
 * the page checks the session itself (AdminGate) before it reads the
 * switch; the action checks it again (lib/admin/payment-actions.ts).
 */
export default function AdminPaymentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <div className="page">
      <AdminGate>{(admin) => <PaymentSettingsForm admin={admin} searchParams={searchParams} />}</AdminGate>
    </div>
  );
}
