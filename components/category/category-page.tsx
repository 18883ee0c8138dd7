import { Suspense } from "react";
import { CatalogVersionMark } from "@/components/live/catalog-version-mark";
import { ProductGrid } from "@/components/product/product-grid";
import type { Category } from "@/lib/catalog/categories";
import { NO_FILTER, isFiltered, type CatalogFilter, type FilterError } from "@/lib/catalog/listing-filter";
import { categoryPageCount, listingHref } from "@/lib/catalog/listing-pages";
import { getListingPage } from "@/lib/catalog/read-listing";
import { LISTING_SORTS, SORT_LABELS } from "@/lib/catalog/listing-sort";
import { listingTags, typeListing } from "@/lib/catalog/tags";
import type { CatalogSort } from "@/lib/data/contract/catalog";
import styles from "./category-page.module.css";
import { FilterErrorNotice, ListingForm } from "./listing-form";
import { ListingNavigation, ListingPending } from "./listing-navigation";
import { PageLinks } from "./page-links";

/** The spec's words for a category that is still loading: a boundary's fallback, and while the next view is on its way. */
const LOADING_TEXT = "Loading from firebase";

interface CategoryPageProps {
  category: Category;
  /** The order shown (lib/catalog/listing-sort.ts). */
  sort: CatalogSort;
  /** The page shown (lib/catalog/listing-pages.ts): 1 for the plain listing. */
  page: number;
  /** The filter shown (lib/catalog/listing-filter.ts), or what the address's got wrong. */
  filter: CatalogFilter | FilterError;
}

/**
 * A category screen: title, blurb, its sort and filters, how many products
 * they let through, the page's product grid and links to the other pages.
 * A filter that matches nothing, or a page past the last (proxy.ts answers
 * those past the type's last page with the 404 page; this is one that
 * deletions or the filter emptied), says "no posts" and links back: a
 * notFound() here would be Next's empty, cached document
 * (lib/catalog/product-exists.ts). A filter the address got wrong is said in
 * words, with nothing listed. The grid is part of the page itself, not of a
 * Suspense boundary: React sends a finished boundary larger than a few
 * hundred bytes (once ~12 KB of the page is out) as a hidden block revealed
 * by script, so crawlers and no-JS visitors would see no products. The
 * spec's "Loading from firebase" is the fallback of a boundary that holds
 * only the empty-state line, which stays tiny, and what the listing says
 * while a view its form or page links asked for is on its way
 * (listing-navigation.tsx).
 */
export async function CategoryPage({ category, sort, page, filter }: CategoryPageProps) {
  const { type, title, blurb, path } = category;
  const error = typeof filter === "string" ? filter : null;
  const shownFilter = error === null ? (filter as CatalogFilter) : NO_FILTER;
  const { products, stock, total } =
    error === null ? await getListingPage(type, sort, page, shownFilter) : { products: [], stock: {}, total: 0 };
  const pageCount = categoryPageCount(type, total);
  const clearHref = listingHref(path, sort, 1);
  return (
    <div className="page">
      <CatalogVersionMark
        tags={listingTags(
          typeListing(type, sort, shownFilter),
          products.map((product) => product.id),
        )}
      />
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.blurb}>{blurb}</p>
      </header>
      <ListingNavigation>
        <ListingForm path={path} sorts={LISTING_SORTS} labels={SORT_LABELS} sort={sort} filter={error === null ? shownFilter : null} />
        <ListingPending text={LOADING_TEXT} />
        {error !== null ? (
          <FilterErrorNotice error={error} clearHref={clearHref} clearWords={`Show all ${title.toLowerCase()}`} />
        ) : (
          <Suspense
            fallback={
              <p className="status-text" role="status">
                {LOADING_TEXT}
              </p>
            }
          >
            <CategoryStatus category={category} sort={sort} page={page} filter={shownFilter} clearHref={clearHref} />
          </Suspense>
        )}
        {products.length > 0 ? (
          <>
            <p className={styles.count}>
              {total.toLocaleString("en-US")} {total === 1 ? "product" : "products"}
              {pageCount > 1 ? `, page ${page.toLocaleString("en-US")} of ${pageCount.toLocaleString("en-US")}` : ""}
              {isFiltered(shownFilter) ? (
                <>
                  {" "}
                  · <a href={clearHref}>Clear filters</a>
                </>
              ) : null}
            </p>
            <ProductGrid products={products} stock={stock} heading={`${title}: products`} priorityCount={4} />
          </>
        ) : null}
        <PageLinks href={(n) => listingHref(path, sort, n, shownFilter)} page={page} pageCount={pageCount} />
      </ListingNavigation>
    </div>
  );
}

/** "no posts" when the page shows no product (with a way to clear a filter that matches nothing); nothing otherwise. */
async function CategoryStatus({
  category,
  sort,
  page,
  filter,
  clearHref,
}: Omit<CategoryPageProps, "filter"> & { filter: CatalogFilter; clearHref: string }) {
  const { products } = await getListingPage(category.type, sort, page, filter);
  if (products.length > 0) return null;
  return (
    <p className="status-text">
      no posts
      {isFiltered(filter) ? (
        <>
          {" "}
          · <a href={clearHref}>Clear filters</a>
        </>
      ) : null}
    </p>
  );
}
