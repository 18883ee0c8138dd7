import { SearchResults } from "@/components/search/search-results";
import { SEARCH_METADATA } from "@/components/search/search-metadata";

export const metadata = SEARCH_METADATA;

/**
 * The search page before a query: heading and form. A request with a query
 * (/search?q=…) never reaches it: proxy.ts rewrites those to the cached
 * per-query page, app/search/[...q]/page.tsx.
 */
export default function SearchPage() {
  return (
    <div className="page">
      <SearchResults query={Promise.resolve("")} />
    </div>
  );
}
