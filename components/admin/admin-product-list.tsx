import Link from "next/link";
import { CatalogVersionMark } from "@/components/live/catalog-version-mark";
import { Price } from "@/components/product/price";
import { ProductImage } from "@/components/product/product-image";
import type { AdminProof } from "@/lib/admin/admin-proof";
import { readProductList } from "@/lib/admin/admin-reads";
import { productCountText, productListHref } from "@/lib/admin/product-list";
import { LISTING_TAG, listingTags } from "@/lib/catalog/tags";
import type { StockCount } from "@/lib/data/contract/order-store";
import type { ProductType } from "@/lib/data/contract/catalog";
import styles from "./admin-products.module.css";

type SearchParams = Record<string, string | string[] | undefined>;

const date = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** A product's stock in the list: the count, or a dash with words for screen readers when not tracked. */
function stockCell(stock: StockCount) {
  if (stock !== null) return stock.toLocaleString("en-US");
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">Not tracked</span>
    </>
  );
}

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
      <form method="get" action="/admin-entry/products" className={styles.filters} role="search" aria-label="Find products">
        <label>
          Search
          <input type="search" name="q" defaultValue={list.query} maxLength={100} placeholder="Name or details" />
        </label>
        <label>
          Type
          <select name="type" defaultValue={list.type ?? ""}>
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
      <p data-testid="product-count" aria-live="polite">
        {productCountText(list)}
      </p>
      {list.products.length > 0 ? (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col" className={styles.hideNarrow}>
                <span className="visually-hidden">Image</span>
              </th>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col" className={styles.number}>
                Price
              </th>
              <th scope="col" className={styles.number}>
                Stock
              </th>
              <th scope="col" className={styles.hideNarrow}>
                Added
              </th>
            </tr>
          </thead>
          <tbody>
            {list.products.map((product) => (
              <tr key={product.id} data-testid="admin-product-row">
                <td className={styles.hideNarrow}>
                  <ProductImage src={product.image} alt="" name={product.name} sizes="48px" className={styles.thumb} />
                </td>
                <td>
                  <Link href={`/admin-entry/products/${encodeURIComponent(product.id)}`}>{product.name}</Link>
                </td>
                <td>{product.type}</td>
                <td className={styles.number}>
                  <Price value={product.price} />
                </td>
                <td className={styles.number} data-testid="admin-product-stock">
                  {stockCell(list.stock[product.id] ?? null)}
                </td>
                <td className={styles.hideNarrow}>{date.format(product.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="status-text">No products match.</p>
      )}
      {list.after !== null || list.next !== null ? (
        <nav className={styles.pager} aria-label="Pages">
          {list.after !== null ? <Link href={productListHref({ query: "", type: list.type, after: null })}>First page</Link> : null}
          {list.next !== null ? (
            <Link href={productListHref({ query: "", type: list.type, after: list.next })} rel="next">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
