import { SearchResults } from "@/components/search/search-results";
import { SEARCH_METADATA, resultsTitle, searchMetadata } from "@/components/search/search-metadata";
import { normalizeSearchQuery, queryFromSegments, tidySearchQuery } from "@/lib/catalog/search-query";

type Props = { params: Promise<{ q: string[] }> };

const queryOf = ({ params }: Props) => params.then(({ q }) => tidySearchQuery(queryFromSegments(q)));

/** Titled by the query, as the page's heading is (the search page itself for one with no word in it). */
export async function generateMetadata(props: Props) {
  const query = await queryOf(props);
  return normalizeSearchQuery(query) ? searchMetadata(resultsTitle(query)) : SEARCH_METADATA;
}

/**
 * /search?q=… is rewritten here (proxy.ts), so each query's page is
 * rendered once and then served from the page cache like any prerendered
 * page, until the catalogue changes (its tag) or an hour passes. The query
 * is the path's segments joined (a long one is cut over several:
 * lib/catalog/search-path.ts), so the page needs nothing but its path.
 * Cache Components needs at least one path at build: "~", a query with no
 * word in it, whose page lists nothing and reads nothing (getSearchPage),
 * so a build runs no search however large the catalogue, and the route's
 * fallback shell, which every query's first render resumes without asking
 * whether a change has since expired what it holds, holds nothing of the
 * catalogue (components/category/category-route.tsx, listingViewParams).
 * The page has no Suspense boundary: a query's first request waits for its
 * results and answers with them in the HTML, which a browser without
 * JavaScript and a crawler read as they are. Streamed behind a fallback, the
 * results would need a script to replace "Searching…". The search forms
 * show their own pending state while a JavaScript navigation waits
 * (components/search/use-search-submit.ts).
 */
export function generateStaticParams() {
  return [{ q: [SEARCH_SHELL_QUERY] }];
}

/** The one search page a build prerenders: no word, so no store search and no catalogue version read. */
const SEARCH_SHELL_QUERY = "~";

export default function SearchQueryPage(props: Props) {
  return (
    <div className="page">
      <SearchResults query={queryOf(props)} />
    </div>
  );
}
