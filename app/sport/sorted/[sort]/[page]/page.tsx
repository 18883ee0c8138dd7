import { ListingViewRoute, listingViewMetadata, listingViewParams } from "@/components/category/category-route";

type Props = { params: Promise<{ sort: string; page: string }> };

/** /sport?sort=…&page=… (proxy.ts rewrites it here): rendered when first asked, then cached (listingViewParams says why). */
export const generateStaticParams = listingViewParams;

export const generateMetadata = (props: Props) => listingViewMetadata("Sport", props);

export default function SportViewPage({ params }: Props) {
  return <ListingViewRoute type="Sport" params={params} />;
}
