import { Suspense } from "react";
import { SearchResults, SearchResultsFallback } from "@/components/search/search-results";
import { SEARCH_METADATA } from "@/components/search/search-metadata";
import { queryFromSegments, tidySearchQuery } from "@/lib/catalog/search-query";
import { PRODUCT_TYPES } from "@/lib/data/types";

export const metadata = SEARCH_METADATA;

/**
 * /search?q=… is rewritten here (proxy.ts), so each query's page is
 * rendered once and then served from the page cache like any prerendered
 * page, until the catalogue changes (its tag) or an hour passes. The query
 * is the path's segments joined (a long one is cut over several:
 * lib/catalog/search-path.ts), so the page needs nothing but its path.
 * Cache Components needs at least one path at build; the product types are
 * real searches every shop has. Any other query is served the static shell
 * at once on its first request while its results render, then from the cache.
 */
export function generateStaticParams() {
  return PRODUCT_TYPES.map((type) => ({ q: [type.toLowerCase()] }));
}

export default function SearchQueryPage({ params }: { params: Promise<{ q: string[] }> }) {
  return (
    <div className="page">
      <Suspense fallback={<SearchResultsFallback />}>
        <SearchResults query={params.then(({ q }) => tidySearchQuery(queryFromSegments(q)))} />
      </Suspense>
    </div>
  );
}
