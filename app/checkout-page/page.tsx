import { log } from "@/lib/log";
import { randomUUID } from "node:crypto";
import Link from "next/link";
import { connection } from "next/server";
import { CheckoutForm } from "@/components/checkout/checkout-form";
import { SavedAddressChoice } from "@/components/checkout/saved-address-choice";
import { isStoreError } from "@/lib/data/contract/errors";
import { checkoutSummary, encodeExpectedLine } from "@/lib/orders/checkout-lines";
import { CHECKOUT_MESSAGES } from "@/lib/orders/place-order";
import { CHECKOUT_PATH, CHECKOUT_WITHOUT_JAVASCRIPT_PATH } from "@/lib/orders/paths";
import { orderingStore } from "@/lib/orders/ordering-store";
import { returningShopper } from "@/lib/orders/returning-shopper";
import { SAVED_ADDRESS_PARAM } from "@/lib/orders/checkout-fields";
import { requestShopper } from "@/lib/orders/request-shopper";
import { pageMetadata } from "@/lib/seo";
import styles from "./page.module.css";

// One shopper's contact, address and cart: never indexed (robots.txt), never cached (next.config.ts headers).
export const metadata = pageMetadata({
  title: "Checkout",
  description: "Your contact details, shipping address and order summary, then payment.",
  path: "/checkout-page",
  noindex: true,
});

/**
 * The page answers once the cart is read, with the form in the HTML: a
 * fallback streamed first would be what Lighthouse's phone paints as the
 * largest content, seconds later than the form itself (bench §12).
 */
export const instant = false;

/**
 * The form, from the session or guest cookie, with the cart's lines at the
 * store's prices of now and a fresh idempotency key. A browser without
 * JavaScript is pointed to the checkout made without React
 * (app/checkout-page/without-javascript/route.ts), whose form is what the
 * no-JS cart links to.
 */
interface CheckoutPageProps {
  /** `?address=`: the saved address the fields start from (components/checkout/saved-address-choice.tsx). */
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default function CheckoutPage({ searchParams }: CheckoutPageProps) {
  return (
    <div className="page">
      <h1 className={styles.heading}>Checkout</h1>
      <noscript>
        <p className="status-text">
          Your browser is not running JavaScript. <a href={CHECKOUT_WITHOUT_JAVASCRIPT_PATH}>Check out without JavaScript</a>
        </p>
      </noscript>
      <CheckoutContents searchParams={searchParams} />
    </div>
  );
}

async function CheckoutContents({ searchParams }: CheckoutPageProps) {
  // Per request: the session, the cart and a new idempotency key.
  await connection();
  const chosen = (await searchParams)[SAVED_ADDRESS_PARAM];
  const data = await checkoutData(typeof chosen === "string" ? chosen : null);
  if (data === "unavailable")
    return (
      <p className="status-text" role="alert">
        {CHECKOUT_MESSAGES.unavailable}
      </p>
    );
  if (data.summary.lines.length === 0)
    return (
      <p className="status-text">
        Your cart is empty, so there is nothing to check out. <Link href="/">Continue shopping</Link>
      </p>
    );
  const shopper = data.shopper;
  return (
    <>
      {shopper && shopper.choices.length > 0 ? (
        <SavedAddressChoice choices={shopper.choices} chosenId={shopper.chosenId} action={CHECKOUT_PATH} />
      ) : null}
      <CheckoutForm
        // Mounted afresh for another saved address: a form's fields take their defaults on mount only.
        key={shopper?.chosenId ?? ""}
        summary={data.summary}
        expectedLines={data.summary.lines.map(encodeExpectedLine)}
        idempotencyKey={randomUUID()}
        initialValues={shopper?.values ?? {}}
        canSaveAddress={shopper !== null}
      />
    </>
  );
}

/**
 * The cart at the store's prices and, for a signed-in shopper, what to fill
 * in and their saved addresses (`chosenId`: the one asked for); "unavailable"
 * when the session or the store cannot answer.
 */
async function checkoutData(chosenId: string | null) {
  try {
    const { user, owner } = await requestShopper();
    const store = await orderingStore();
    const summary = await checkoutSummary(store, owner);
    const shopper = user && summary.lines.length > 0 ? await returningShopper(store, user, chosenId) : null;
    return { summary, shopper };
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn("checkout.page_store_unavailable", "The checkout could not be shown: the store is unavailable", undefined, error);
    return "unavailable" as const;
  }
}
