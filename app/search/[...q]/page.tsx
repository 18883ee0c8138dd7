import { Suspense } from "react";
import { SearchResults, SearchResultsFallback } from "@/components/search/search-results";
import { SEARCH_METADATA } from "@/components/search/search-metadata";
import { queryFromSegments, tidySearchQuery } from "@/lib/catalog/search-query";

export const metadata = SEARCH_METADATA;

/**
 * /search?q=… is rewritten here (proxy.ts), so each query's page is
 * rendered once and then served from the page cache like any prerendered
 * page, until the catalogue changes (its tag) or an hour passes. The query
 * is the path's segments joined (a long one is cut over several:
 * lib/catalog/search-path.ts), so the page needs nothing but its path.
 * Cache Components needs at least one path at build: "~", a query with no
 * word in it, whose page lists nothing without asking the store, so a build
 * runs no search however large the catalogue (at 50,000 products a build's
 * searches on the emulator outlasted the store's deadline). Every real query
 * is served the static shell at once on its first request while its results
 * render, then from the cache.
 */
export function generateStaticParams() {
  return [{ q: [SEARCH_SHELL_QUERY] }];
}

/** The one search page a build prerenders: no word, so no store search. */
const SEARCH_SHELL_QUERY = "~";

export default function SearchQueryPage({ params }: { params: Promise<{ q: string[] }> }) {
  return (
    <div className="page">
      <Suspense fallback={<SearchResultsFallback />}>
        <SearchResults query={params.then(({ q }) => tidySearchQuery(queryFromSegments(q)))} />
      </Suspense>
    </div>
  );
}
