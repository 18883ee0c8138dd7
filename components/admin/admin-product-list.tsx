import Link from "next/link";
import { CatalogVersionMark } from "@/components/live/catalog-version-mark";
import type { AdminProof } from "@/lib/admin/admin-proof";
import { readProductList } from "@/lib/admin/admin-reads";
import { productCountText, productListHref, type ProductListPage } from "@/lib/admin/product-list";
import { LISTING_TAG, listingTags } from "@/lib/catalog/tags";
import type { ProductType } from "@/lib/data/contract/catalog";
import { CATALOGUE_CSV_MAX_BYTES } from "@/lib/admin/catalogue-import";
import { importCatalogue } from "@/lib/admin/catalogue-import-actions";
import { AdminProductTable } from "./admin-product-table";
import { CatalogueCsv } from "./catalogue-csv";
import styles from "./admin-products.module.css";

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * Every product, for the admin: a type filter and pages of 50 by cursor
 * (Next page, and back to the first), counted by the store; or a search (the
 * shop's); each product with its stock. Each page reads its 50 products and a count, never the whole
 * catalogue. Links and a GET form, so it works before JavaScript. Read only
 * with the page's proof of an admin caller (components/admin/admin-gate.tsx).
 */
export async function AdminProductList({
  admin,
  searchParams,
  types,
}: {
  admin: AdminProof;
  searchParams: Promise<SearchParams>;
  types: readonly ProductType[];
}) {
  const params = await searchParams;
  const list = await readProductList(admin, params);
  const deleted = typeof params.deleted === "string" ? params.deleted : null;

  return (
    <div className={styles.page}>
      {/* Any add, delete or edit may change what the list shows: the tab follows each one. */}
      <CatalogVersionMark
        tags={[
          ...listingTags(
            LISTING_TAG.newest,
            list.products.map((product) => product.id),
          ),
          LISTING_TAG.search,
        ]}
      />
      <div className={styles.header}>
        <h1 className={styles.title}>Products</h1>
        <Link href="/admin-entry" className={styles.button}>
          Add a product
        </Link>
      </div>
      {deleted !== null ? (
        <p className={styles.notice} role="status">
          Deleted “{deleted}”.
        </p>
      ) : null}
      <ProductFilters query={list.query} selected={list.type} types={types} />
      <p data-testid="product-count" aria-live="polite">
        {productCountText(list)}
      </p>
      {list.products.length > 0 ? (
        <AdminProductTable products={list.products} stock={list.stock} />
      ) : (
        <p className="status-text">No products match.</p>
      )}
      <ProductPager list={list} />
      <CatalogueCsv action={importCatalogue} maxBytes={CATALOGUE_CSV_MAX_BYTES} />
    </div>
  );
}

/** The search and the type filter (`selected`: the type listed, null for all). */
function ProductFilters({ query, selected, types }: { query: string; selected: ProductType | null; types: readonly ProductType[] }) {
  return (
    <form method="get" action="/admin-entry/products" className={styles.filters} role="search" aria-label="Find products">
      <label>
        Search
        <input type="search" name="q" defaultValue={query} maxLength={100} placeholder="Name or details" />
      </label>
      <label>
        Type
        <select name="type" defaultValue={selected ?? ""}>
          <option value="">All types</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={styles.secondary}>
        Show
      </button>
    </form>
  );
}

/** Back to the first page, and on to the next; nothing on a list of one page. */
function ProductPager({ list }: { list: ProductListPage }) {
  if (list.after === null && list.next === null) return null;
  return (
    <nav className={styles.pager} aria-label="Pages">
      {list.after !== null ? <Link href={productListHref({ query: "", type: list.type, after: null })}>First page</Link> : null}
      {list.next !== null ? (
        <Link href={productListHref({ query: "", type: list.type, after: list.next })} rel="next">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
