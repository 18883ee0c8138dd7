import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { categoryOf } from "@/lib/catalog/categories";
import { LISTING_SORTS, SORT_LABELS, parseListingSort } from "@/lib/catalog/listing-sort";
import type { CatalogSort, ProductType } from "@/lib/data/contract/catalog";
import { pageMetadata } from "@/lib/seo";
import { CategoryPage } from "./category-page";

/** A category page's metadata: its title, description and canonical address (lib/catalog/categories.ts). */
export function categoryMetadata(type: ProductType): Metadata {
  const { title, description, path } = categoryOf(type);
  return pageMetadata({ title, description, path });
}

/** A category page, as each category's route renders it, in `sort` (newest by default). */
export function CategoryRoute({ type, sort = "newest" }: { type: ProductType; sort?: CatalogSort }) {
  const { limit, title, blurb, path } = categoryOf(type);
  return <CategoryPage type={type} limit={limit} title={title} blurb={blurb} path={path} sort={sort} />;
}

/** Every sort's page of a category (app/<category>/sorted/[sort]), prerendered at build. */
export function sortedCategoryParams(): Array<{ sort: CatalogSort }> {
  return LISTING_SORTS.map((sort) => ({ sort }));
}

interface SortedRouteProps {
  params: Promise<{ sort: string }>;
}

/** A sorted view's metadata: its order in the title; its canonical address is the plain listing's. */
export async function sortedCategoryMetadata(type: ProductType, { params }: SortedRouteProps): Promise<Metadata> {
  const sort = parseListingSort((await params).sort) ?? "newest";
  const { title, description, path } = categoryOf(type);
  return pageMetadata({ title: sort === "newest" ? title : `${title}, ${SORT_LABELS[sort].toLowerCase()}`, description, path });
}

/** A category's page in the order its path names (proxy.ts answers an unknown one with the 404 page before it gets here). */
export async function SortedCategoryRoute({ type, params }: { type: ProductType } & SortedRouteProps) {
  const sort = parseListingSort((await params).sort);
  if (sort === null) notFound();
  return <CategoryRoute type={type} sort={sort} />;
}
