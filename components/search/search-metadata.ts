import { pageMetadata } from "@/lib/seo";

// Result pages are endless and thin: kept out of indexes (robots.txt also
// disallows /search), while their links to products are still followed.
export const SEARCH_METADATA = pageMetadata({
  title: "Search",
  description: "Search the storefront's products by name and description.",
  path: "/search",
  noindex: true,
});
