import { connection } from "next/server";
import { FindOrderForm } from "@/components/orders/find-order-form";
import { findOrderStateOf } from "@/lib/orders/find-order-state";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Find your order",
  description: "Ordered as a guest? Get a new link to your order by email.",
  path: "/find-order",
  noindex: true,
});

interface FindOrderPageProps {
  /** `?notice=`: the answer to a post without JavaScript (lib/orders/find-order-state.ts). */
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The page answers with its form in the HTML, and after a post without JavaScript with the answer. */
export const instant = false;

/**
 * "Find my order" (lib/orders/find-order.ts): a guest whose status emails
 * carry no way back to the order asks for a new link, by email address and
 * the order's reference. Linked from those emails, the signed-out orders
 * page and the sign-in page an order's link leads to.
 */
export default function FindOrderPage({ searchParams }: FindOrderPageProps) {
  return (
    <div className="page">
      <h1>Find your order</h1>
      <p>
        Ordered as a guest? Enter the email address you ordered with and the order&apos;s reference, from your confirmation email (like
        K7PM-2QX9-HT4D): we email you a new link to the order.
      </p>
      <FindOrderContents searchParams={searchParams} />
    </div>
  );
}

async function FindOrderContents({ searchParams }: FindOrderPageProps) {
  await connection();
  return <FindOrderForm initial={findOrderStateOf((await searchParams).notice)} />;
}
