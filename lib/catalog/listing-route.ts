/**
 * What proxy.ts does with a category's address and a view of it (a sort,
 * a page, filters: listing-sort.ts, listing-pages.ts, listing-filter.ts).
 * Each view is served by the page of its sort and number,
 * `/books/sorted/price-asc/2` (app/<category>/sorted/[sort]/[page]), and a
 * filtered one by that of its filter too,
 * `/books/sorted/price-asc/2/500-2000-in` ([page]/[filter]), through a
 * rewrite (the address stays); the plain listing (`/books`, no view) is its
 * own prerendered page and never comes here. The views' pages render on demand (not at build:
 * components/category/category-route.tsx, listingViewParams), so the
 * router's RSC request for a view (a live catch-up's refresh) is answered
 * through the rewrite too.
 */
import type { CatalogSort, ProductType } from "@/lib/data/contract/catalog";
import { CATEGORIES } from "./categories";
import { filterSegment, isFiltered, parseFilterSegment, parseListingFilter, type CatalogFilter, type FilterError } from "./listing-filter";
import { PAGE_PARAM, parsePageNumber } from "./listing-pages";
import { SORT_PARAM, parseListingSort } from "./listing-sort";

/** The folder of each category's views (app/<category>/sorted/[sort]/[page]). */
const VIEWS_SEGMENT = "sorted";

/**
 * A view's page to serve: its type and number (a number past the type's last
 * page is the 404 page: proxy.ts counts), and the path to rewrite to (null
 * when asked by that path itself).
 */
export interface ListingView {
  type: ProductType;
  page: number;
  rewrite: string | null;
  /** Whether the view is filtered (or names a filter it cannot read): proxy.ts limits those per client. */
  filtered: boolean;
}

/** A view's path below its category: `sorted/<sort>/<page>`, and `/<filter>` for a filtered view (listing-filter.ts). */
function viewPath(categoryPath: string, sort: CatalogSort, page: number, filter: CatalogFilter | FilterError): string {
  const base = `${categoryPath}/${VIEWS_SEGMENT}/${sort}/${page}`;
  return typeof filter === "string" || isFiltered(filter) ? `${base}/${filterSegment(filter)}` : base;
}

/**
 * A request's view of a category: a category's address with a known sort,
 * a page number or a filter (one that cannot be read included: its page says
 * so), or a view's own path; "not-found" for a page
 * number that is no number ("?page=0", "?page=x") and for a view's path of
 * an order or a filter segment the shop does not know; null for anything else, an unknown `sort`
 * alone included (the plain listing, whose canonical address it is).
 */
export function listingRoute(pathname: string, query: URLSearchParams): ListingView | "not-found" | null {
  const category = CATEGORIES.find(({ path }) => path === pathname);
  if (category !== undefined) {
    const pageParam = query.get(PAGE_PARAM);
    const page = pageParam === null ? 1 : parsePageNumber(pageParam);
    if (page === null) return "not-found";
    const sort = parseListingSort(query.get(SORT_PARAM));
    const filter = parseListingFilter(query);
    if (sort === null && pageParam === null && typeof filter !== "string" && !isFiltered(filter)) return null;
    const filtered = typeof filter === "string" || isFiltered(filter);
    return { type: category.type, page, rewrite: viewPath(category.path, sort ?? "newest", page, filter), filtered };
  }
  const ofCategory = CATEGORIES.find(({ path }) => pathname.startsWith(`${path}/${VIEWS_SEGMENT}/`));
  if (ofCategory === undefined) return null;
  const [sort, page, filter, ...rest] = pathname.slice(`${ofCategory.path}/${VIEWS_SEGMENT}/`.length).split("/");
  const number = page === undefined ? null : parsePageNumber(page);
  if (parseListingSort(sort) === null || number === null || rest.length > 0) return "not-found";
  if (filter !== undefined && parseFilterSegment(filter) === null) return "not-found";
  return { type: ofCategory.type, page: number, rewrite: null, filtered: filter !== undefined };
}
