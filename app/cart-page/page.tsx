import { connection } from "next/server";
import { Suspense } from "react";
import { CartView } from "@/components/cart/cart-view";
import { currentCartOwner } from "@/lib/cart/owner";
import { CART_MESSAGES } from "@/lib/cart/results";
import { CART_WITHOUT_JAVASCRIPT_PATH } from "@/lib/cart/without-javascript";
import { currentProducts } from "@/lib/cart/catalogue-lookup";
import { readLineStock } from "@/lib/cart/line-stock";
import { ownerCart } from "@/lib/cart/service";
import { getStore } from "@/lib/data";
import { isStoreError } from "@/lib/data/contract/errors";
import { shippingEstimate } from "@/lib/orders/shipping-quote";
import { pageMetadata } from "@/lib/seo";
import styles from "./page.module.css";

// One visitor's cart: nothing for a search engine (robots.txt disallows it too).
export const metadata = pageMetadata({
  title: "Cart",
  description: "The products in your cart, with quantities and a subtotal in US dollars.",
  path: "/cart-page",
  noindex: true,
});

/**
 * The shell (heading, layout) is static; the visitor's cart is rendered on
 * demand inside the boundary, from the session or guest cookie, and then
 * kept live by the cart state (lib/cart/browser/cart-state.ts).
 */
export default function CartPage() {
  return (
    <div className="page">
      <h1 className={styles.heading}>Shopping Cart</h1>
      <Suspense
        fallback={
          <>
            <p className="status-text" role="status">
              Loading your cart…
            </p>
            {/* This part streams in behind a script: without JavaScript, the cart has a page of its own. */}
            <noscript>
              <p className="status-text">
                Your browser is not running JavaScript. <a href={CART_WITHOUT_JAVASCRIPT_PATH}>See your cart</a>
              </p>
            </noscript>
          </>
        }
      >
        <CartContents />
      </Suspense>
    </div>
  );
}

async function CartContents() {
  // Per request: next-auth's session lookup draws random bytes before it reads cookies.
  await connection();
  let items;
  let stock;
  let shippingNote;
  try {
    const store = await getStore();
    items = await ownerCart(store, await currentCartOwner({ create: false }), currentProducts);
    // The zones of now (one read, as the checkout's): an estimate before the address is known.
    [stock, shippingNote] = await Promise.all([
      readLineStock(store, items),
      items.length > 0 ? store.getShippingZones().then(({ zones }) => shippingEstimate(zones)) : null,
    ]);
  } catch (error) {
    // proxy.ts answers 503 before rendering when the session cannot be
    // checked; this covers a store that fails after that (the status is
    // already sent by then) and cart reads that fail: never an empty or
    // guest cart in place of the shopper's.
    if (!isStoreError(error, "unavailable")) throw error;
    return (
      <p className="status-text" role="alert">
        {CART_MESSAGES.unavailable}
      </p>
    );
  }
  return <CartView initialItems={items} stock={stock} shippingNote={shippingNote} />;
}
