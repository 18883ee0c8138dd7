import { Suspense } from "react";
import { AdminProductList } from "@/components/admin/admin-product-list";
import { PRODUCT_TYPES } from "@/lib/data/types";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Products",
  description: "Every product of the Storefront catalogue, to edit or delete.",
  path: "/admin-entry/products",
  noindex: true,
});

/** Only admins get here: proxy.ts sends everyone else to /admin-signin. */
export default function AdminProductsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <div className="page">
      <Suspense
        fallback={
          <p className="status-text" role="status">
            Loading products…
          </p>
        }
      >
        <AdminProductList searchParams={searchParams} types={PRODUCT_TYPES} />
      </Suspense>
    </div>
  );
}
