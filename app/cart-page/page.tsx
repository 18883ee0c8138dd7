import { connection } from "next/server";
import { Suspense } from "react";
import { CartView } from "@/components/cart/cart-view";
import { currentCartOwner } from "@/lib/cart/owner";
import { ownerCart } from "@/lib/cart/service";
import { getStore } from "@/lib/data";
import { pageMetadata } from "@/lib/seo";
import styles from "@/components/cart/cart-view.module.css";

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
 * kept live by the cart store.
 */
export default function CartPage() {
  return (
    <div className="page">
      <h1 className={styles.heading}>Shopping Cart</h1>
      <Suspense
        fallback={
          <p className="status-text" role="status">
            Loading your cart…
          </p>
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
  const owner = await currentCartOwner({ create: false });
  const items = await ownerCart(await getStore(), owner);
  return <CartView initialItems={items} />;
}
