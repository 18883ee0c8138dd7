import { ListingViewRoute, listingViewMetadata, listingViewParams } from "@/components/category/category-route";

type Props = { params: Promise<{ sort: string; page: string }> };

/** /accessories?sort=…&page=… (proxy.ts rewrites it here): rendered when first asked, then cached (listingViewParams says why). */
export const generateStaticParams = listingViewParams;

export const generateMetadata = (props: Props) => listingViewMetadata("Accessories", props);

export default function AccessoriesViewPage({ params }: Props) {
  return <ListingViewRoute type="Accessories" params={params} />;
}
