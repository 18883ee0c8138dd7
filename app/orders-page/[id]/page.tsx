import { log } from "@/lib/log";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { OrderLive } from "@/components/orders/order-live";
import { OrderView } from "@/components/orders/order-view";
import { CardPay } from "@/components/orders/card-pay";
import { cardNotice } from "@/lib/orders/card-payment";
import { ReturnForm } from "@/components/orders/return-form";
import { CART_MESSAGES } from "@/lib/cart/results";
import { isStoreError } from "@/lib/data/contract/errors";
import { returnOpen } from "@/lib/orders/order-labels";
import { orderingStore } from "@/lib/orders/ordering-store";
import { requestShopper } from "@/lib/orders/request-shopper";
import { viewableOrder } from "@/lib/orders/viewable-order";

// One shopper's order: never indexed, never cached (next.config.ts headers: private, no-store).
export const metadata: Metadata = { title: "Your order", robots: { index: false, follow: false } };

interface OrderPageProps {
  params: Promise<{ id: string }>;
  /** `token`: a guest's; `card`: what coming back from Stripe's page (or not reaching it) says (CARD_NOTICES). */
  searchParams: Promise<{ token?: string | string[]; card?: string | string[] }>;
}

/**
 * The page answers once the order is read, with it in the HTML: the link in
 * a guest's email opens the order itself before and without JavaScript,
 * which content streamed behind a fallback would need.
 */
export const instant = false;

/**
 * One id no order can have ("~" is outside the id alphabet): Next prerenders
 * the page's shell with it; every real order renders on request, after
 * connection(), never at build.
 */
export function generateStaticParams(): Array<{ id: string }> {
  return [{ id: "~shell" }];
}

/**
 * An order, to its owner only (lib/orders/order-access.ts): anyone else,
 * and every unknown id, gets the site's not-found page. proxy.ts answers
 * those with a 404 before the page renders (and limits token lookups); the
 * page checks again with the session's full check.
 */
export default function OrderPage({ params, searchParams }: OrderPageProps) {
  return (
    <div className="page">
      <OrderContents params={params} searchParams={searchParams} />
    </div>
  );
}

function tokenOf(value: string | string[] | undefined): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

async function OrderContents({ params, searchParams }: OrderPageProps) {
  await connection();
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const token = tokenOf(query.token);
  const found = await orderFor(id, token);
  if (found === "unavailable")
    return (
      <p className="status-text" role="alert">
        {CART_MESSAGES.unavailable}
      </p>
    );
  if (!found) notFound();
  const { order, now } = found;
  const guestToken = found.access === "token" ? token : null;
  const actions = returnOpen(order, now) ? (
    <ReturnForm orderId={order.id} revision={order.revision} token={guestToken} />
  ) : (
    <CardPay order={order} token={guestToken} />
  );
  return (
    <>
      <OrderView order={order} actions={actions} notice={cardNotice(query.card)} />
      {/* A step the desk takes shows without a reload (lib/live/order-page-protocol.ts). */}
      <OrderLive orderId={order.id} token={guestToken} revision={order.revision} />
    </>
  );
}

async function orderFor(id: string, token: string | null) {
  try {
    const { user } = await requestShopper();
    const found = await viewableOrder(await orderingStore(), id, token, user?.uid ?? null);
    return found ? { ...found, now: Date.now() } : null;
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn("orders.page_store_unavailable", "An order's page could not be shown: the store is unavailable", undefined, error);
    return "unavailable" as const;
  }
}
