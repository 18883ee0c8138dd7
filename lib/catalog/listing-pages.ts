/**
 * A category's numbered pages, as the shopper sees and addresses them: page
 * N of a view is `?page=N` on the category's address (beside its `sort`,
 * lib/catalog/listing-sort.ts), so every page is a plain link that works
 * without JavaScript, can be shared and bookmarked, and has its own
 * canonical address (a sorted view's is the plain listing's). Each page
 * shows the category's page size (categories.ts).
 * Pure: proxy.ts, the pages and the sitemap read it.
 */
import type { ProductType } from "@/lib/data/contract/catalog";
import type { CatalogSort } from "@/lib/data/contract/catalog-sorts";
import { categoryOf } from "./categories";
import { NO_FILTER, filterParams, type CatalogFilter } from "./listing-filter";
import { SORT_PARAM } from "./listing-sort";

/** The query parameter of a page's number. */
export const PAGE_PARAM = "page";

/** The highest page number an address may name (far past any catalogue: the stores page 100,000,000 positions). */
const PAGE_NUMBER_MAX = 999_999;

/** A page number as an address writes it ("2": digits, no sign, no leading zero), or null for anything else. */
export function parsePageNumber(value: string): number | null {
  if (!/^[1-9]\d*$/.test(value)) return null;
  const page = Number(value);
  return page <= PAGE_NUMBER_MAX ? page : null;
}

/**
 * A page segment no view has (parsePageNumber refuses it): the one params set
 * a view route prerenders, whose render is the 404 page and reads nothing
 * (components/category/category-route.tsx, listingViewParams, says why).
 */
export const NO_VIEW_PAGE = "0";

/** Whether `value` is a page number (1..PAGE_NUMBER_MAX). */
export function isPageNumber(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= PAGE_NUMBER_MAX;
}

/** How many products each type holds: how many pages each category's listing has. */
export type TypeCounts = Readonly<Record<ProductType, number>>;

/** How many pages a category's listing has when its type holds `total` products: at least one (an empty category's page says so). */
export function categoryPageCount(type: ProductType, total: number): number {
  return Math.max(1, Math.ceil(total / categoryOf(type).pageSize));
}

/** The 0-based position of the first product of a category's page. */
export function categoryPageStart(type: ProductType, page: number): number {
  return (page - 1) * categoryOf(type).pageSize;
}

/** A view's address: the category's path, its sort unless newest, its filter (listing-filter.ts) if any, its page unless the first. */
export function listingHref(path: string, sort: CatalogSort, page: number, filter: CatalogFilter = NO_FILTER): string {
  const query = new URLSearchParams();
  if (sort !== "newest") query.set(SORT_PARAM, sort);
  for (const [name, value] of filterParams(filter)) query.set(name, value);
  if (page > 1) query.set(PAGE_PARAM, String(page));
  const search = query.toString();
  return search === "" ? path : `${path}?${search}`;
}

/** How many pages either side of the current one its links name (besides the first and the last). */
const NEIGHBOURS = 1;

/**
 * The page numbers a page links to, in order, with a gap where numbers are
 * left out: the first, the last, and the current one with its neighbours
 * ("1 … 4 5 6 … 20"). A gap of a single page names it instead.
 */
export function pageLinks(current: number, count: number): Array<number | "gap"> {
  const shown = new Set([1, count]);
  for (let page = current - NEIGHBOURS; page <= current + NEIGHBOURS; page++) if (page >= 1 && page <= count) shown.add(page);
  const pages = [...shown].sort((a, b) => a - b);
  const links: Array<number | "gap"> = [];
  for (const [i, page] of pages.entries()) {
    const before = pages[i - 1];
    if (before !== undefined && page - before === 2) links.push(before + 1);
    else if (before !== undefined && page - before > 2) links.push("gap");
    links.push(page);
  }
  return links;
}
