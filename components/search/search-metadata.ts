import type { Metadata } from "next";
import { pageMetadata } from "@/lib/seo";

const DESCRIPTION = "Search the storefront's products by name and description.";

/**
 * A search page's metadata, titled: result pages are endless and thin, kept
 * out of indexes (robots.txt also disallows /search and /search-view) while
 * their links to products are still followed; each names /search as its
 * canonical address.
 */
export function searchMetadata(title: string): Metadata {
  return pageMetadata({ title, description: DESCRIPTION, path: "/search", noindex: true });
}

export const SEARCH_METADATA = searchMetadata("Search");

/** The title of a query's results: `Search results for "lamp"`. */
export function resultsTitle(query: string): string {
  return `Search results for "${query}"`;
}
