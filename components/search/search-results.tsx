import { CatalogVersionMark } from "@/components/live/catalog-version-mark";
import { FilterErrorNotice, ListingForm } from "@/components/category/listing-form";
import { ListingNavigation, ListingPending } from "@/components/category/listing-navigation";
import { PageLinks } from "@/components/category/page-links";
import { ProductGrid } from "@/components/product/product-grid";
import { NO_FILTER, isFiltered, type CatalogFilter } from "@/lib/catalog/listing-filter";
import { NO_SEARCH_PAGE, getSearchPage } from "@/lib/catalog/read-search";
import {
  PLAIN_SEARCH_VIEW,
  QUERY_PARAM,
  SEARCH_PAGE_SIZE,
  SEARCH_RESULTS_MAX,
  SEARCH_SORTS,
  SEARCH_SORT_LABELS,
  searchViewHref,
  type SearchView,
} from "@/lib/catalog/search-view";
import { resultsTitle } from "./search-metadata";
import { SearchForm } from "./search-form";
import styles from "./search-results.module.css";

interface SearchResultsProps {
  /** The text as the shopper typed it (the page's path parameter); matching normalises it (lib/catalog/search-query.ts). */
  query: Promise<string>;
  /** The order, page and filter shown (lib/catalog/search-view.ts). */
  view?: SearchView;
}

/** What the results say while a view their sort form or page links asked for is on its way (listing-navigation.tsx). */
const LOADING_TEXT = "Loading results";

/**
 * The results of one query: heading, the search form (pre-filled), the sort
 * and filter form, how many products the view holds, the page's product grid
 * and links to the view's other pages; "no posts" when nothing is found
 * (with a way to clear a filter that emptied the view). A filter the address
 * got wrong is said in words, with nothing listed. The search form stays
 * outside the results' navigation: with JavaScript it goes to a new query
 * through the router, busy on its own (use-search-submit.ts).
 */
export async function SearchResults({ query: pending, view = PLAIN_SEARCH_VIEW }: SearchResultsProps) {
  const query = (await pending).trim();
  const error = typeof view.filter === "string" ? view.filter : null;
  const filter: CatalogFilter = typeof view.filter === "string" ? NO_FILTER : view.filter;
  const found = query === "" ? NO_SEARCH_PAGE : await getSearchPage(query, view.sort, view.page, filter);
  const { products, stock, total, capped } = error === null ? found : { ...found, products: [], total: 0 };
  const pageCount = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
  const clearHref = searchViewHref(query, view.sort, 1);
  const clearLink = isFiltered(filter) ? (
    <>
      {" "}
      · <a href={clearHref}>Clear filters</a>
    </>
  ) : null;
  // The form shows once the query found something: a view can narrow it.
  const narrowable = query !== "" && (found.total > 0 || isFiltered(filter) || error !== null);
  return (
    <>
      <h1 className={styles.heading}>{query ? resultsTitle(query) : "Search"}</h1>
      <CatalogVersionMark tags={found.tags} />
      {/* keyed so a new query resets the field to it */}
      <SearchForm key={query} query={query} />
      <ListingNavigation>
        {narrowable ? (
          <ListingForm
            path="/search"
            sorts={SEARCH_SORTS}
            labels={SEARCH_SORT_LABELS}
            sort={view.sort}
            filter={error === null ? filter : null}
            kept={{ [QUERY_PARAM]: query }}
          />
        ) : null}
        <ListingPending text={LOADING_TEXT} />
        {error !== null ? (
          <FilterErrorNotice error={error} clearHref={clearHref} clearWords="Show all results" />
        ) : products.length === 0 ? (
          <p className="status-text">
            no posts
            {clearLink}
          </p>
        ) : (
          <>
            {/* A status: a search the form makes with JavaScript arrives without a document load (use-search-submit.ts). */}
            <p className={styles.count} role="status">
              {capped && !isFiltered(filter)
                ? `The ${total.toLocaleString("en-US")} best matches`
                : `${total.toLocaleString("en-US")} ${total === 1 ? "product" : "products"}${capped ? ` among the ${SEARCH_RESULTS_MAX} best matches` : ""}`}
              {pageCount > 1 ? `, page ${view.page} of ${pageCount}` : ""}
              {clearLink}
            </p>
            {capped ? <p className={styles.hint}>More products match: add a word to narrow the search, or browse a category.</p> : null}
            <ProductGrid products={products} stock={stock} heading="Products found" priorityCount={4} />
          </>
        )}
        <PageLinks href={(n) => searchViewHref(query, view.sort, n, filter)} page={view.page} pageCount={pageCount} />
      </ListingNavigation>
    </>
  );
}
