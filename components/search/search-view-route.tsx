import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { describeFilter, isFiltered } from "@/lib/catalog/listing-filter";
import { NO_VIEW_PAGE } from "@/lib/catalog/listing-pages";
import { getSearchPage } from "@/lib/catalog/read-search";
import { queryFromSegments, tidySearchQuery } from "@/lib/catalog/search-query";
import { titleCount } from "@/lib/catalog/title-count";
import { SEARCH_SORT_LABELS, parseViewSegments, type SearchView } from "@/lib/catalog/search-view";
import { SEARCH_METADATA, resultsTitle, searchMetadata } from "./search-metadata";
import { SearchResults } from "./search-results";

export interface SearchViewRouteProps {
  params: Promise<{ sort: string; page: string; filter: string; q: string[] }>;
}

/** A view page's view and query (typed, tidied), or null when its path names none (proxy.ts answers those with the 404 page first). */
async function viewOf({ params }: SearchViewRouteProps): Promise<{ view: SearchView; query: string } | null> {
  const { sort, page, filter, q } = await params;
  const parsed = parseViewSegments([sort, page, filter, ...q]);
  return parsed === null ? null : { view: parsed.view, query: tidySearchQuery(queryFromSegments(parsed.query)) };
}

/**
 * The one view page a build prerenders, as Cache Components needs one: a
 * page numbered 0, which names no view, so its render is the 404 page and
 * reads nothing, and every view a shopper asks for renders when first asked
 * (category-route.tsx, listingViewParams, says why it must read nothing:
 * the route's fallback shell keeps what it read, unexpired by any change).
 */
export function searchViewParams(): Array<{ sort: string; page: string; filter: string; q: string[] }> {
  return [{ sort: "newest", page: NO_VIEW_PAGE, filter: "invalid-range", q: ["~"] }];
}

/**
 * A view's metadata: the query, its filter, order and page in the title, and
 * for a filtered view its count, which a screen reader reads when the sort
 * and filter form's page arrives. Kept out of indexes like every search page.
 */
export async function searchViewMetadata(props: SearchViewRouteProps): Promise<Metadata> {
  const shown = await viewOf(props);
  if (shown === null) return SEARCH_METADATA;
  const { view, query } = shown;
  const filtered = typeof view.filter !== "string" && isFiltered(view.filter);
  const parts = [
    resultsTitle(query),
    ...(typeof view.filter === "string" ? ["filter not applied"] : filtered ? [describeFilter(view.filter)] : []),
    ...(view.sort === "relevance" ? [] : [SEARCH_SORT_LABELS[view.sort].toLowerCase()]),
    ...(view.page > 1 ? [`page ${view.page}`] : []),
  ];
  let title = parts.join(", ");
  const filter = view.filter;
  if (filtered && typeof filter !== "string")
    title += await titleCount(async () => (await getSearchPage(query, view.sort, view.page, filter)).total);
  return searchMetadata(title);
}

/** A search's results in the order, page and filter its path names. */
export async function SearchViewRoute(props: SearchViewRouteProps) {
  const shown = await viewOf(props);
  if (shown === null) notFound();
  return (
    <div className="page">
      <SearchResults query={Promise.resolve(shown.query)} view={shown.view} />
    </div>
  );
}
