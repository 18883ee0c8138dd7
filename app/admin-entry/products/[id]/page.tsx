import Link from "next/link";
import { AdminOnly } from "@/components/admin/admin-gate";
import { ChangeHistory } from "@/components/admin/change-history";
import { CatalogVersionMark } from "@/components/live/catalog-version-mark";
import { ProductEditor } from "@/components/admin/product-editor";
import styles from "@/components/admin/admin-products.module.css";
import type { AdminProof } from "@/lib/admin/admin-proof";
import { readProductRecord } from "@/lib/admin/admin-reads";
import { CATALOG_TAG, productTag } from "@/lib/catalog/tags";
import { productFormValues } from "@/lib/admin/product-form-values";
import { PRODUCT_TYPES } from "@/lib/data/contract/catalog";
import { pageMetadata } from "@/lib/seo";
import { productPath } from "@/lib/site-links";
import { deleteProductAction, updateProductAction } from "@/lib/admin/edit-product-actions";

export const metadata = pageMetadata({
  title: "Edit a product",
  description: "Edit or delete a product of the Storefront catalogue.",
  path: "/admin-entry/products",
  noindex: true,
});

interface AdminProductPageProps {
  params: Promise<{ id: string }>;
}

/**
 * One id no product can have ("~" is outside the id alphabet): Next
 * prerenders the page's shell with it (the layout reads the pathname), and
 * every real id renders on request. The product itself is read per request,
 * after the admin check (which waits for connection()), never at build.
 */
export function generateStaticParams(): Array<{ id: string }> {
  return [{ id: "~shell" }];
}

/**
 * Only admins get here: proxy.ts sends everyone else to /admin-signin, the
 * page checks the session itself (AdminOnly) before it reads the product and
 * its changes (which name admins), and the actions check it again.
 */
export default function AdminProductPage({ params }: AdminProductPageProps) {
  return (
    <div className="page">
      <p>
        <Link href="/admin-entry/products">← All products</Link>
      </p>
      <AdminOnly loading="Loading the product…">{(admin) => <ProductAdmin admin={admin} params={params} />}</AdminOnly>
    </div>
  );
}

/** The product and its stock as stored now (not the cached catalogue: the form needs its current revision and stock), and its changes. */
async function ProductAdmin({ admin, params }: AdminProductPageProps & { admin: AdminProof }) {
  const { id } = await params;
  const { current, stock, changes } = await readProductRecord(admin, id);
  // The tab follows every change of this product (another admin's save, a delete).
  const mark = <CatalogVersionMark tags={[CATALOG_TAG, productTag(id)]} />;
  if (!current) {
    return (
      <div className={styles.page}>
        {mark}
        <h1 className={styles.title}>No such product</h1>
        <p role="alert">{changes.length > 0 ? "This product was deleted." : "No product has this id."}</p>
        {changes.length > 0 ? <ChangeHistory changes={changes} /> : null}
      </div>
    );
  }
  const { product, revision } = current;
  return (
    <div className={styles.page}>
      {mark}
      <div className={styles.header}>
        <h1 className={styles.title}>{product.name}</h1>
        <Link href={productPath(product.id)}>View in the shop</Link>
      </div>
      <ProductEditor
        updateAction={updateProductAction}
        deleteAction={deleteProductAction}
        productId={product.id}
        revision={revision}
        values={productFormValues(product, stock)}
        stock={stock}
        types={PRODUCT_TYPES}
      />
      <ChangeHistory changes={changes} />
    </div>
  );
}
