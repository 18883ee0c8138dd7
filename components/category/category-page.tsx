import { Suspense } from "react";
import { CatalogVersionMark } from "@/components/live/catalog-version-mark";
import { ProductGrid } from "@/components/product/product-grid";
import { getProductsByType } from "@/lib/catalog/read";
import { listingTags, typeTag } from "@/lib/catalog/tags";
import type { CatalogSort, ProductType } from "@/lib/data/contract/catalog";
import styles from "./category-page.module.css";
import { SortForm } from "./sort-form";

interface CategoryPageProps {
  type: ProductType;
  /** Most products shown (spec: Electronics 12, Accessories 8). */
  limit: number;
  title: string;
  blurb: string;
  /** The category's own address (the sort form's). */
  path: string;
  /** The order shown (lib/catalog/listing-sort.ts). */
  sort: CatalogSort;
}

/**
 * A category screen: title, blurb and its product grid. The grid is part of
 * the page itself, not of a Suspense boundary: React sends a finished
 * boundary larger than a few hundred bytes (once ~12 KB of the page is out)
 * as a hidden block revealed by script, so crawlers and no-JS visitors would
 * see no products. The spec's "Loading from firebase" is the fallback of a
 * boundary that holds only the empty-state line, which stays tiny.
 */
export async function CategoryPage({ type, limit, title, blurb, path, sort }: CategoryPageProps) {
  const { products, stock } = await getProductsByType(type, limit, sort);
  return (
    <div className="page">
      <CatalogVersionMark
        tags={listingTags(
          typeTag(type),
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
        <CategoryStatus type={type} limit={limit} sort={sort} />
      </Suspense>
      {products.length > 0 ? <ProductGrid products={products} stock={stock} heading={`${title}: products`} priorityCount={4} /> : null}
    </div>
  );
}

/** "no posts" when the category is empty; renders nothing otherwise. */
async function CategoryStatus({ type, limit, sort }: { type: ProductType; limit: number; sort: CatalogSort }) {
  const { products } = await getProductsByType(type, limit, sort);
  return products.length === 0 ? <p className="status-text">no posts</p> : null;
}
