/**
 * A category page's sort, as the shopper sees and addresses it: the words of
 * each order (CatalogSort, lib/data/contract/catalog.ts), and its address,
 * `/electronics?sort=price-asc`, a GET form's own, so a sorted view works
 * without JavaScript and can be shared and bookmarked. proxy.ts rewrites
 * each such address to the type's prerendered page of that order,
 * `/electronics/sorted/price-asc` (SORTED_SEGMENT), cached and expired like
 * the plain page (it gates those pages' own paths too, below). Known gap:
 * the router's RSC request for such an address (a live catch-up's refresh)
 * is answered 404, rewritten by proxy.ts or by next.config alike, so Next
 * loads the document anew instead of refreshing it in place. An address with a `sort` the shop does not know is not
 * rewritten (the plain listing); that folder's page of an unknown order is a
 * 404 (proxy.ts). Every sorted view names the plain listing as its canonical
 * address. Read by the server's parts (the pages, proxy.ts).
 */
import { CATALOG_SORTS, type CatalogSort } from "@/lib/data/contract/catalog-sorts";
import { CATEGORIES } from "./categories";

/** The sorts a category offers, in the form's order (newest, the default, first). */
export const LISTING_SORTS: readonly CatalogSort[] = CATALOG_SORTS;

const CATEGORY_PATHS: readonly string[] = CATEGORIES.map((category) => category.path);

/** The query parameter the sort form sends. */
export const SORT_PARAM = "sort";

/** The folder of each category's sorted pages (app/<category>/sorted/[sort]). */
const SORTED_SEGMENT = "sorted";

/** What the sort form says of each order; newest is the default. */
export const SORT_LABELS: Readonly<Record<CatalogSort, string>> = {
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  "name-asc": "Name: A to Z",
};

/** `value` as a sort, or null when it names none. */
export function parseListingSort(value: unknown): CatalogSort | null {
  return LISTING_SORTS.find((sort) => sort === value) ?? null;
}

/** The prerendered page of a category's view in `sort`. */
function sortedPagePath(categoryPath: string, sort: CatalogSort): string {
  return `${categoryPath}/${SORTED_SEGMENT}/${sort}`;
}

/**
 * What proxy.ts does with a request's path and query: a category's address
 * with a known `sort` is served by that sort's page (a rewrite: the address
 * stays); a sorted page asked by its own path with an order the shop does
 * not know is the 404 page (not rendered on demand and kept); anything else,
 * an unknown `sort` on a category's address included (the plain listing,
 * whose canonical address it is), is left alone (null).
 */
export function sortedRoute(pathname: string, query: URLSearchParams): { rewrite: string } | "not-found" | null {
  if (CATEGORY_PATHS.includes(pathname)) {
    const sort = parseListingSort(query.get(SORT_PARAM));
    return sort === null ? null : { rewrite: sortedPagePath(pathname, sort) };
  }
  const path = CATEGORY_PATHS.find((category) => pathname.startsWith(`${category}/${SORTED_SEGMENT}/`));
  if (path === undefined) return null;
  return parseListingSort(pathname.slice(`${path}/${SORTED_SEGMENT}/`.length)) === null ? "not-found" : null;
}
