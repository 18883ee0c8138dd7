import { AdminOnly } from "@/components/admin/admin-gate";
import { AdminProductList } from "@/components/admin/admin-product-list";
import { PRODUCT_TYPES } from "@/lib/data/contract/catalog";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Products",
  description: "Every product of the Storefront catalogue, to edit or delete.",
  path: "/admin-entry/products",
  noindex: true,
});

/** Only admins get here: proxy.ts sends everyone else to /admin-signin, and the page checks the session itself (AdminOnly). */
export default function AdminProductsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <div className="page">
      <AdminOnly loading="Loading products…">
        {(admin) => <AdminProductList admin={admin} searchParams={searchParams} types={PRODUCT_TYPES} />}
      </AdminOnly>
    </div>
  );
}
