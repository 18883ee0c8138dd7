import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { categoryOf } from "@/lib/catalog/categories";
import {
  NO_FILTER,
  describeFilter,
  isFiltered,
  parseFilterSegment,
  type CatalogFilter,
  type FilterError,
} from "@/lib/catalog/listing-filter";
import { NO_VIEW_PAGE, listingHref, parsePageNumber } from "@/lib/catalog/listing-pages";
import { getFilteredCount } from "@/lib/catalog/read-listing";
import { titleCount } from "@/lib/catalog/title-count";
import { SORT_LABELS, parseListingSort } from "@/lib/catalog/listing-sort";
import type { CatalogSort, ProductType } from "@/lib/data/contract/catalog";
import { pageMetadata } from "@/lib/seo";
import { CategoryPage } from "./category-page";

/** A category page's metadata: its title, description and canonical address (lib/catalog/categories.ts). */
export function categoryMetadata(type: ProductType): Metadata {
  const { title, description, path } = categoryOf(type);
  return pageMetadata({ title, description, path });
}

/** A category's plain listing (app/<category>/page.tsx): its first page, newest first. */
export function CategoryRoute({ type }: { type: ProductType }) {
  return <CategoryPage category={categoryOf(type)} sort="newest" page={1} filter={NO_FILTER} />;
}

interface ViewRouteProps {
  params: Promise<{ sort: string; page: string; filter?: string }>;
}

interface View {
  sort: CatalogSort;
  page: number;
  filter: CatalogFilter | FilterError;
}

/** A view's sort, page and filter from its path, or null when the path names none (proxy.ts answers those with the 404 page first). */
async function viewOf({ params }: ViewRouteProps): Promise<View | null> {
  const { sort, page, filter } = await params;
  const view = {
    sort: parseListingSort(sort),
    page: parsePageNumber(page),
    filter: filter === undefined ? NO_FILTER : parseFilterSegment(filter),
  };
  return view.sort === null || view.page === null || view.filter === null
    ? null
    : { sort: view.sort, page: view.page, filter: view.filter };
}

/**
 * The one view of a category (app/<category>/sorted/[sort]/[page]) a build
 * prerenders, as Cache Components needs one: a page numbered 0, which names
 * no view, so its render is the 404 page and reads nothing of the catalogue.
 * Every view a shopper asks for renders when first asked and is cached from
 * then on: the router's RSC request for a page prerendered at build and
 * reached through proxy.ts's rewrite is answered 404 (Next 16.4; one
 * rendered on demand is answered), which would make a tab's live refresh
 * load the document anew. And what the prerendered params read is kept in
 * the route's fallback shell (its resume data cache), which every view's
 * first render resumes without asking the cache whether a change has since
 * expired it (Next 16.4): with a real view prerendered, every view first
 * asked after a product was added said the type's count as the build saw
 * it (and so linked too few pages) while it listed what the store holds.
 */
export function listingViewParams(): Array<{ sort: CatalogSort; page: string }> {
  return [{ sort: "newest", page: NO_VIEW_PAGE }];
}

/**
 * The one filtered view (app/<category>/sorted/[sort]/[page]/[filter]) a
 * build prerenders, for the reasons listingViewParams gives: a page numbered
 * 0, the 404 page, so every filter a shopper asks for renders on demand. (A
 * view saying its filter could not be read still read the catalogue
 * version its live mark carries.)
 */
export function filteredViewParams(): Array<{ sort: CatalogSort; page: string; filter: string }> {
  return [{ sort: "newest", page: NO_VIEW_PAGE, filter: "invalid-range" }];
}

/**
 * A view's metadata: its filter, order and page in the title (a filtered
 * view's with its count, which a screen reader reads when the filter form's
 * page arrives); its canonical address is the plain listing's page of that
 * number, or for another order or a filter the plain listing
 * (lib/catalog/listing-pages.ts).
 */
export async function listingViewMetadata(type: ProductType, props: ViewRouteProps): Promise<Metadata> {
  const { sort, page, filter } = (await viewOf(props)) ?? { sort: "newest", page: 1, filter: NO_FILTER };
  const { title, description, path } = categoryOf(type);
  const filtered = typeof filter === "string" || isFiltered(filter);
  const filterWords = typeof filter === "string" ? ["filter not applied"] : isFiltered(filter) ? [describeFilter(filter)] : [];
  const parts = [
    title,
    ...filterWords,
    ...(sort === "newest" ? [] : [SORT_LABELS[sort].toLowerCase()]),
    ...(page > 1 ? [`page ${page}`] : []),
  ];
  let words = parts.join(", ");
  if (typeof filter !== "string" && isFiltered(filter)) words += await titleCount(() => getFilteredCount(type, filter));
  return pageMetadata({ title: words, description, path: sort === "newest" && !filtered ? listingHref(path, sort, page) : path });
}

/** A category's page in the order, number and filter its path names. */
export async function ListingViewRoute({ type, ...props }: { type: ProductType } & ViewRouteProps) {
  const view = await viewOf(props);
  if (view === null) notFound();
  return <CategoryPage category={categoryOf(type)} sort={view.sort} page={view.page} filter={view.filter} />;
}
