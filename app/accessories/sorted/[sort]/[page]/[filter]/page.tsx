import { ListingViewRoute, filteredViewParams, listingViewMetadata } from "@/components/category/category-route";

type Props = { params: Promise<{ sort: string; page: string; filter: string }> };

/** /accessories?min=…&max=…&stock=in (proxy.ts rewrites it here, with its sort and page): rendered when first asked, then cached. */
export const generateStaticParams = filteredViewParams;

export const generateMetadata = (props: Props) => listingViewMetadata("Accessories", props);

export default function AccessoriesFilteredViewPage({ params }: Props) {
  return <ListingViewRoute type="Accessories" params={params} />;
}
