import { log } from "@/lib/log";
import Link from "next/link";
import { FIND_ORDER_PATH } from "@/lib/orders/paths";
import { connection } from "next/server";
import { OrderList } from "@/components/orders/order-list";
import { VerifyEmailBanner } from "@/components/account/verify-email-banner";
import { VERIFICATION_NOTICE_PARAM, verificationMailStateOf } from "@/lib/account/email-verification-state";
import { accountEmailOf, type AccountEmail } from "@/lib/auth/verified-email";
import { CART_MESSAGES } from "@/lib/cart/results";
import { isStoreError } from "@/lib/data/contract/errors";
import { orderingStore, type OrderingStore } from "@/lib/orders/ordering-store";
import { requestShopper } from "@/lib/orders/request-shopper";
import { pageMetadata } from "@/lib/seo";
import { ORDERS_PATH } from "@/lib/site-links";
import styles from "./page.module.css";

// One shopper's orders: never indexed, never cached (next.config.ts headers: private, no-store).
export const metadata = pageMetadata({
  title: "Returns & Orders",
  description: "Your orders and their state; request a return of a delivered order.",
  path: ORDERS_PATH,
  noindex: true,
});

/** How many orders the page lists, newest first. */
const LISTED_MAX = 50;

/**
 * The page answers once the orders are read, with them in the HTML: before
 * and without JavaScript a shopper reads them (or, as a guest, how to find
 * one) as they are, and nothing streamed in later moves the page.
 */
export const instant = false;

interface OrdersPageProps {
  /** `?verification=`: the answer to asking for a verification email without JavaScript (lib/account/email-verification-state.ts). */
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * "Return & Order": a signed-in shopper's orders, newest first, with their
 * state: those placed signed in, and guest orders of the account's email
 * once Firebase Auth says it is verified (until then a banner says so and
 * sends the link again). A guest learns how to find an order (the link in
 * its email) and may sign in.
 */
export default function OrdersPage({ searchParams }: OrdersPageProps) {
  return (
    <div className="page">
      <h1 className={styles.heading}>Returns &amp; Orders</h1>
      <OrdersContents searchParams={searchParams} />
    </div>
  );
}

async function OrdersContents({ searchParams }: OrdersPageProps) {
  await connection();
  const { orders, account } = await shopperOrders();
  if (orders === "unavailable")
    return (
      <p className="status-text" role="alert">
        {CART_MESSAGES.unavailable}
      </p>
    );
  if (orders === "guest")
    return (
      <div className={styles.guest}>
        <p>
          Ordered as a guest? Each order opens from the link in its confirmation email (“Your order …”): keep that email to follow the order
          and to request a return. No link at hand? <Link href={FIND_ORDER_PATH}>Get a new link to your order by email</Link>.
        </p>
        <p>
          <Link href="/sign-page">Sign in</Link> to see the orders of your account. Guest orders placed with your email appear here once
          your account&apos;s email address is verified.
        </p>
      </div>
    );
  const notice = (await searchParams)[VERIFICATION_NOTICE_PARAM];
  return (
    <>
      {account && !account.verified ? <VerifyEmailBanner email={account.email} initial={verificationMailStateOf(notice)} /> : null}
      {orders.length === 0 ? (
        <p className="status-text">
          You have no orders yet. <Link href="/">Start shopping</Link>
        </p>
      ) : (
        <OrderList orders={orders} />
      )}
    </>
  );
}

type ShopperOrders = Awaited<ReturnType<OrderingStore["listShopperOrders"]>>;

/** The signed-in shopper's orders and account address; "guest" signed out, "unavailable" when the store is. */
async function shopperOrders(): Promise<{ orders: ShopperOrders | "guest" | "unavailable"; account: AccountEmail | null }> {
  try {
    const { user } = await requestShopper();
    if (!user) return { orders: "guest", account: null };
    const store = await orderingStore();
    // Firebase Auth not answering hides only the guest orders joined by email (and the banner), never the account's own.
    const account = await accountEmailOf(user.uid).catch((error: unknown) => {
      log.error(
        "orders.verified_read_failed",
        "Could not read whether the shopper's email is verified; their guest orders are not listed now",
        error,
      );
      return null;
    });
    const verifiedEmail = account?.verified ? account.email : null;
    return { orders: await store.listShopperOrders(user.uid, verifiedEmail, LISTED_MAX), account };
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn("orders.list_store_unavailable", "A shopper's orders could not be listed: the store is unavailable", undefined, error);
    return { orders: "unavailable", account: null };
  }
}
