import { Suspense } from "react";
import { CatalogVersionMark } from "@/components/live/catalog-version-mark";
import { ProductGrid } from "@/components/product/product-grid";
import type { Category } from "@/lib/catalog/categories";
import { categoryPageCount } from "@/lib/catalog/listing-pages";
import { getListingPage } from "@/lib/catalog/read-listing";
import { listingTags, typeListing } from "@/lib/catalog/tags";
import type { CatalogSort } from "@/lib/data/contract/catalog";
import styles from "./category-page.module.css";
import { PageLinks } from "./page-links";
import { SortForm } from "./sort-form";

interface CategoryPageProps {
  category: Category;
  /** The order shown (lib/catalog/listing-sort.ts). */
  sort: CatalogSort;
  /** The page shown (lib/catalog/listing-pages.ts): 1 for the plain listing. */
  page: number;
}

/**
 * A category screen: title, blurb, its sort, how many products it holds, the
 * page's product grid and links to the other pages. A page past the last
 * (proxy.ts answers those with the 404 page; this is one that deletions
 * emptied, or that this instance's count has not reached yet) says "no
 * posts" and links back: a notFound() here would be Next's empty, cached
 * document (lib/catalog/product-exists.ts). The grid is part of the
 * page itself, not of a Suspense boundary: React sends a finished boundary
 * larger than a few hundred bytes (once ~12 KB of the page is out) as a
 * hidden block revealed by script, so crawlers and no-JS visitors would see
 * no products. The spec's "Loading from firebase" is the fallback of a
 * boundary that holds only the empty-state line, which stays tiny.
 */
export async function CategoryPage({ category, sort, page }: CategoryPageProps) {
  const { type, title, blurb, path } = category;
  const { products, stock, total } = await getListingPage(type, sort, page);
  const pageCount = categoryPageCount(type, total);
  return (
    <div className="page">
      <CatalogVersionMark
        tags={listingTags(
          typeListing(type, sort),
          products.map((product) => product.id),
        )}
      />
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.blurb}>{blurb}</p>
      </header>
      <SortForm path={path} sort={sort} />
      <Suspense
        fallback={
          <p className="status-text" role="status">
            Loading from firebase
          </p>
        }
      >
        <CategoryStatus category={category} sort={sort} page={page} />
      </Suspense>
      {products.length > 0 ? (
        <>
          <p className={styles.count}>
            {total.toLocaleString("en-US")} {total === 1 ? "product" : "products"}
            {pageCount > 1 ? `, page ${page.toLocaleString("en-US")} of ${pageCount.toLocaleString("en-US")}` : ""}
          </p>
          <ProductGrid products={products} stock={stock} heading={`${title}: products`} priorityCount={4} />
        </>
      ) : null}
      <PageLinks path={path} sort={sort} page={page} pageCount={pageCount} />
    </div>
  );
}

/** "no posts" when the page shows no product; renders nothing otherwise. */
async function CategoryStatus({ category, sort, page }: CategoryPageProps) {
  const { products } = await getListingPage(category.type, sort, page);
  return products.length === 0 ? <p className="status-text">no posts</p> : null;
}
