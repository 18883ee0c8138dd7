import { ListingViewRoute, listingViewMetadata, listingViewParams } from "@/components/category/category-route";

type Props = { params: Promise<{ sort: string; page: string }> };

/** /electronics?sort=…&page=… (proxy.ts rewrites it here): rendered when first asked, then cached (listingViewParams says why). */
export const generateStaticParams = listingViewParams;

export const generateMetadata = (props: Props) => listingViewMetadata("Electronics", props);

export default function ElectronicsViewPage({ params }: Props) {
  return <ListingViewRoute type="Electronics" params={params} />;
}
