import { Suspense } from "react";
import { SearchResults, SearchResultsFallback } from "@/components/search/search-results";
import { pageMetadata } from "@/lib/seo";

// Result pages are endless and thin: kept out of indexes (robots.txt also
// disallows /search), while their links to products are still followed.
export const metadata = pageMetadata({
  title: "Search",
  description: "Search the storefront's products by name and description.",
  path: "/search",
  noindex: true,
});

/**
 * Dynamic by nature (the query is in the URL), but the shell is static and
 * the results come from a cache keyed by the normalised query.
 */
export default function SearchPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  return (
    <div className="page">
      <Suspense fallback={<SearchResultsFallback />}>
        <SearchResults searchParams={searchParams} />
      </Suspense>
    </div>
  );
}
