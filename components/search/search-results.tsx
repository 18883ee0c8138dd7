import { CatalogVersionMark } from "@/components/live/catalog-version-mark";
import { ProductGrid } from "@/components/product/product-grid";
import { searchCatalog } from "@/lib/catalog/read";
import { LISTING_TAG, listingTags } from "@/lib/catalog/tags";
import { SearchForm } from "./search-form";
import styles from "./search-results.module.css";

/**
 * The results of one query: heading, the form (pre-filled), the product grid
 * or "no posts". `query` is the text as the shopper typed it (the page's
 * path parameter); matching normalises it (lib/catalog/read.ts).
 */
export async function SearchResults({ query: pending }: { query: Promise<string> }) {
  const query = (await pending).trim();
  const { products, stock } = await searchCatalog(query);
  return (
    <>
      <h1 className={styles.heading}>{query ? <>Search results for &quot;{query}&quot;</> : "Search"}</h1>
      <CatalogVersionMark
        tags={listingTags(
          LISTING_TAG.search,
          products.map((product) => product.id),
        )}
      />
      {/* keyed so a new query resets the field to it */}
      <SearchForm key={query} query={query} />
      {products.length === 0 ? (
        <p className="status-text">no posts</p>
      ) : (
        <>
          <p className={styles.count} role="status">
            {products.length === 1 ? "1 product" : `${products.length} products`}
          </p>
          <ProductGrid products={products} stock={stock} heading="Products found" priorityCount={4} />
        </>
      )}
    </>
  );
}
