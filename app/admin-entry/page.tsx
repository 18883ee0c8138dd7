import Link from "next/link";
import { AddProductForm } from "@/components/admin/add-product-form";
import { AdminOnly } from "@/components/admin/admin-gate";
import { PRODUCT_TYPES } from "@/lib/data/contract/catalog";
import { pageMetadata } from "@/lib/seo";
import { addProduct } from "@/lib/admin/add-product-actions";

export const metadata = pageMetadata({
  title: "Add a product",
  description: "Add a product to the Storefront catalogue.",
  path: "/admin-entry",
  noindex: true,
});

/**
 * Only admins get here: proxy.ts redirects everyone else to /admin-signin
 * before this renders, the page checks the session itself (AdminOnly), and
 * the add-product action checks it again.
 */
export default function AdminEntryPage() {
  return (
    <div className="page">
      <AdminOnly loading="Loading the admin page…">
        {() => (
          <>
            <nav aria-label="Admin">
              <ul>
                <li>
                  <Link href="/admin-entry/dashboard">Dashboard: sales, orders, returns and low stock</Link>
                </li>
                <li>
                  <Link href="/admin-entry/products">Manage products: list, edit and delete</Link>
                </li>
                <li>
                  <Link href="/admin-entry/orders">Orders: ship, deliver, record payment and returns</Link>
                </li>
                <li>
                  <Link href="/admin-entry/shipping">Shipping: zones and rates</Link>
                </li>
                <li>
                  <Link href="/admin-entry/payments">Payments: cards and pay on delivery</Link>
                </li>
                <li>
                  <Link href="/admin-entry/discounts">Discount codes: create, list and disable</Link>
                </li>
              </ul>
            </nav>
            <AddProductForm action={addProduct} types={PRODUCT_TYPES} />
          </>
        )}
      </AdminOnly>
    </div>
  );
}
