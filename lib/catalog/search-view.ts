/**
 * A search's views, as the shopper sees and addresses them: the results of
 * one query in an order (relevance, the default, or a listing's sort), narrowed
 * by a listing's filters (listing-filter.ts) and cut into numbered pages, each
 * a GET form's or a plain link's own address on /search:
 * `/search?q=lamp&sort=price-asc&min=5&stock=in&page=2`. The first page by
 * relevance and unfiltered is the query's own cached page, /search/<query>
 * (search-query.ts); every other view is served, through a rewrite (the
 * address stays), by the page of its sort, number and filter,
 * `/search-view/price-asc/2/500--in/lamp` (app/search-view/…), which the page
 * cache keeps like any other.
 *
 * Every view of a query is drawn from one list: the query's ranked results,
 * at most LIMITS.searchResultsMax (lib/data/rules/search-rank.ts), so a
 * view's first render costs no store read beyond that list's, cached per
 * query, and no view has more than SEARCH_PAGES_MAX pages (a page number
 * past that is the 404 page, decided without a read). A query with more
 * matches says its list holds the best of them.
 * Pure: proxy.ts, the pages and the tests read it.
 */
import { CATALOG_SORTS } from "@/lib/data/contract/catalog-sorts";
import { LIMITS } from "@/lib/data/contract/limits";
import {
  NO_FILTER,
  filterParams,
  filterSegment,
  isFiltered,
  parseFilterSegment,
  parseListingFilter,
  type CatalogFilter,
  type FilterError,
} from "./listing-filter";
import { PAGE_PARAM, parsePageNumber } from "./listing-pages";
import { SORT_LABELS, SORT_PARAM } from "./listing-sort";
import { SEARCH_PATH_MAX, SEARCH_SEGMENT_MAX, searchPath } from "./search-path";
import { queryFromSegments, searchPagePath, tidySearchQuery } from "./search-query";

/** A search's orders: relevance (the default), then a listing's. */
export const SEARCH_SORTS = ["relevance", ...CATALOG_SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** What the sort field says of each order. */
export const SEARCH_SORT_LABELS: Readonly<Record<SearchSort, string>> = { relevance: "Best match", ...SORT_LABELS };

/** The query parameter of a search's text (the header's and the search page's forms send it). */
export const QUERY_PARAM = "q";

/** How many products a search page shows: a full row at 2, 3 and 4 columns. */
export const SEARCH_PAGE_SIZE = 24;

/** The most products a search lists, in every view of it. */
export const SEARCH_RESULTS_MAX = LIMITS.searchResultsMax;

/** The most pages a search's view has: its whole list of results. */
export const SEARCH_PAGES_MAX = Math.ceil(SEARCH_RESULTS_MAX / SEARCH_PAGE_SIZE);

/** The folder of a search's views (app/search-view/[sort]/[page]/[filter]/[...q]). */
const VIEWS_PREFIX = "/search-view/";

export interface SearchView {
  sort: SearchSort;
  page: number;
  /** The filter shown, or what the address got wrong (its page says so and lists nothing). */
  filter: CatalogFilter | FilterError;
}

export const PLAIN_SEARCH_VIEW: SearchView = { sort: "relevance", page: 1, filter: NO_FILTER };

/** `value` as a search's order, or null when it names none. */
export function parseSearchSort(value: unknown): SearchSort | null {
  return SEARCH_SORTS.find((sort) => sort === value) ?? null;
}

/** Whether a view is the query's plain first page (/search/<query>). */
function isPlainView({ sort, page, filter }: SearchView): boolean {
  return sort === "relevance" && page === 1 && typeof filter !== "string" && !isFiltered(filter);
}

/** A view's address as a link names it: the query, its sort unless relevance, its filter if any, its page unless the first. */
export function searchViewHref(query: string, sort: SearchSort, page: number, filter: CatalogFilter = NO_FILTER): string {
  const params = new URLSearchParams({ [QUERY_PARAM]: query });
  if (sort !== "relevance") params.set(SORT_PARAM, sort);
  for (const [name, value] of filterParams(filter)) params.set(name, value);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  return `/search?${params}`;
}

/** The path of the page that serves a view of an already tidied query (null for the plain view: its own page). */
function viewPagePath(query: string, view: SearchView): string | null {
  if (isPlainView(view)) return null;
  const querySegments = searchPath(query).slice("/search/".length);
  return `${VIEWS_PREFIX}${view.sort}/${view.page}/${filterSegment(view.filter)}/${querySegments}`;
}

/**
 * Where proxy.ts serves a search asked by its query (/search?q=…): the
 * query's own page or its view's; null when there is nothing to search for
 * (the search page without a query); "not-found" for a page number that is
 * no number or past SEARCH_PAGES_MAX. A `sort` the shop does not know is
 * relevance.
 */
export function searchRequestPath(query: URLSearchParams): string | "not-found" | null {
  const plainPath = searchPagePath(query.get(QUERY_PARAM));
  if (plainPath === null) return null;
  const pageParam = query.get(PAGE_PARAM);
  const page = pageParam === null ? 1 : parsePageNumber(pageParam);
  if (page === null || page > SEARCH_PAGES_MAX) return "not-found";
  const view = { sort: parseSearchSort(query.get(SORT_PARAM)) ?? "relevance", page, filter: parseListingFilter(query) };
  return viewPagePath(tidySearchQuery(query.get(QUERY_PARAM) ?? ""), view) ?? plainPath;
}

/** A view page's path segments after its prefix, parsed: its view and query segments, or null when they name none. */
export function parseViewSegments(segments: readonly string[]): { view: SearchView; query: string[] } | null {
  const [sort, page, filter, ...query] = segments;
  const view = {
    sort: parseSearchSort(sort),
    page: page === undefined ? null : parsePageNumber(page),
    filter: filter === undefined ? null : filter === filterSegment(NO_FILTER) ? NO_FILTER : parseFilterSegment(filter),
  };
  if (view.sort === null || view.page === null || view.page > SEARCH_PAGES_MAX || view.filter === null) return null;
  if (query.length === 0) return null;
  return { view: { sort: view.sort, page: view.page, filter: view.filter }, query };
}

/** Whether a path is a search view's page (/search-view/…). */
export function isSearchViewPath(pathname: string): boolean {
  return pathname.startsWith(VIEWS_PREFIX);
}

/**
 * What proxy.ts does with a view page's own path (isSearchViewPath): null to
 * serve it as it is; "not-found" when its view segments name no view; the
 * path to redirect to when its query segments are longer than any the shop
 * makes (the page cache could not store them: search-path.ts), that query's
 * own view, cut to the longest query.
 */
export function viewPageRoute(pathname: string): string | "not-found" | null {
  const parsed = parseViewSegments(pathname.slice(VIEWS_PREFIX.length).split("/"));
  if (parsed === null) return "not-found";
  const rest = parsed.query.join("/");
  if (rest.length <= SEARCH_PATH_MAX && parsed.query.every((segment) => segment.length <= SEARCH_SEGMENT_MAX)) return null;
  const query = tidySearchQuery(queryFromSegments(parsed.query));
  const view = parsed.view;
  return query === "" ? "/search" : searchViewHref(query, view.sort, view.page, typeof view.filter === "string" ? NO_FILTER : view.filter);
}
