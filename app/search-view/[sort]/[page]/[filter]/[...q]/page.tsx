import { SearchViewRoute, searchViewMetadata, searchViewParams, type SearchViewRouteProps } from "@/components/search/search-view-route";

/**
 * /search?q=…&sort=…&page=…&min=…&max=…&stock=… (proxy.ts rewrites it here:
 * lib/catalog/search-view.ts): rendered when first asked, then cached like
 * the query's own page (app/search/[...q]); no Suspense boundary, for the
 * reason that page gives.
 */
export const generateStaticParams = searchViewParams;

export const generateMetadata = searchViewMetadata;

export default function SearchViewPage({ params }: SearchViewRouteProps) {
  return <SearchViewRoute params={params} />;
}
