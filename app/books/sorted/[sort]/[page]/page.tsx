import { ListingViewRoute, listingViewMetadata, listingViewParams } from "@/components/category/category-route";

type Props = { params: Promise<{ sort: string; page: string }> };

/** /books?sort=…&page=… (proxy.ts rewrites it here): rendered when first asked, then cached (listingViewParams says why). */
export const generateStaticParams = listingViewParams;

export const generateMetadata = (props: Props) => listingViewMetadata("Book", props);

export default function BookViewPage({ params }: Props) {
  return <ListingViewRoute type="Book" params={params} />;
}
