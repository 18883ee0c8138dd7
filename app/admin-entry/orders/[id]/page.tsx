import Link from "next/link";
import { AdminGate } from "@/components/admin/admin-gate";
import { AdminOrderDetail } from "@/components/admin/orders/admin-order-detail";
import { noticeOf } from "@/lib/admin/orders/step-notice";
import { pageMetadata } from "@/lib/seo";
import { takeOrderStepAction } from "@/lib/admin/orders/step-actions";

export const metadata = pageMetadata({
  title: "Order",
  description: "One order of the Storefront: its items, customer, history and next steps.",
  path: "/admin-entry/orders",
  noindex: true,
});

interface AdminOrderPageProps {
  params: Promise<{ id: string }>;
  /** `?notice=`: a step's answer after a plain form post (lib/admin/orders/step-notice.ts). */
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * The page answers once the order is read, with it in the HTML: the step
 * forms post and come back rendered before and without JavaScript, which
 * content streamed behind a fallback would need.
 */
export const instant = false;

/**
 * One id no order can have ("~" is outside the id alphabet): Next prerenders
 * the page's shell with it, and every real id renders on request, after the
 * admin check (which waits for connection()), never at build.
 */
export function generateStaticParams(): Array<{ id: string }> {
  return [{ id: "~shell" }];
}

/**
 * Only admins get here: proxy.ts sends everyone else to /admin-signin, the
 * page checks the session itself (AdminGate) before it reads the order (a
 * customer's personal data), and the step action checks it again.
 */
export default function AdminOrderPage({ params, searchParams }: AdminOrderPageProps) {
  return (
    <div className="page">
      <p>
        <Link href="/admin-entry/orders">← All orders</Link>
      </p>
      <AdminGate>
        {async (admin) => (
          <AdminOrderDetail
            admin={admin}
            id={(await params).id}
            stepAction={takeOrderStepAction}
            notice={noticeOf((await searchParams).notice)}
          />
        )}
      </AdminGate>
    </div>
  );
}
