import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { categoryOf } from "@/lib/catalog/categories";
import { listingHref, parsePageNumber } from "@/lib/catalog/listing-pages";
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
  return <CategoryPage category={categoryOf(type)} sort="newest" page={1} />;
}

interface ViewRouteProps {
  params: Promise<{ sort: string; page: string }>;
}

/** A view's sort and page from its path, or null when the path names none (proxy.ts answers those with the 404 page first). */
async function viewOf({ params }: ViewRouteProps): Promise<{ sort: CatalogSort; page: number } | null> {
  const { sort, page } = await params;
  const view = { sort: parseListingSort(sort), page: parsePageNumber(page) };
  return view.sort === null || view.page === null ? null : { sort: view.sort, page: view.page };
}

/**
 * The one view of a category (app/<category>/sorted/[sort]/[page]) a build
 * prerenders, as Cache Components needs one: newest, page 1, the plain
 * listing's twin (asked only as `?sort=newest` or `?page=1`). Every other
 * view renders when first asked and is cached from then on: the router's RSC
 * request for a page prerendered at build and reached through proxy.ts's
 * rewrite is answered 404 (Next 16.4; one rendered on demand is answered),
 * which would make a tab's live refresh load the document anew.
 */
export function listingViewParams(): Array<{ sort: CatalogSort; page: string }> {
  return [{ sort: "newest", page: "1" }];
}

/**
 * A view's metadata: its order and page in the title; its canonical address
 * is the plain listing's page of that number, or for another order the
 * plain listing (lib/catalog/listing-pages.ts).
 */
export async function listingViewMetadata(type: ProductType, props: ViewRouteProps): Promise<Metadata> {
  const { sort, page } = (await viewOf(props)) ?? { sort: "newest", page: 1 };
  const { title, description, path } = categoryOf(type);
  const parts = [title, ...(sort === "newest" ? [] : [SORT_LABELS[sort].toLowerCase()]), ...(page > 1 ? [`page ${page}`] : [])];
  return pageMetadata({ title: parts.join(", "), description, path: sort === "newest" ? listingHref(path, sort, page) : path });
}

/** A category's page in the order and number its path names. */
export async function ListingViewRoute({ type, ...props }: { type: ProductType } & ViewRouteProps) {
  const view = await viewOf(props);
  if (view === null) notFound();
  return <CategoryPage category={categoryOf(type)} sort={view.sort} page={view.page} />;
}
