import type { Metadata } from "next";
import { categoryOf } from "@/lib/catalog/categories";
import type { ProductType } from "@/lib/data/contract/catalog";
import { pageMetadata } from "@/lib/seo";
import { CategoryPage } from "./category-page";

/** A category page's metadata: its title, description and canonical address (lib/catalog/categories.ts). */
export function categoryMetadata(type: ProductType): Metadata {
  const { title, description, path } = categoryOf(type);
  return pageMetadata({ title, description, path });
}

/** A category page, as each category's route renders it. */
export function CategoryRoute({ type }: { type: ProductType }) {
  const { limit, title, blurb } = categoryOf(type);
  return <CategoryPage type={type} limit={limit} title={title} blurb={blurb} />;
}
