import { SortedCategoryRoute, sortedCategoryMetadata, sortedCategoryParams } from "@/components/category/category-route";

type Props = { params: Promise<{ sort: string }> };

/** /books?sort=… (next.config.ts rewrites it here): each sort's page, prerendered. */
export const generateStaticParams = sortedCategoryParams;

export const generateMetadata = (props: Props) => sortedCategoryMetadata("Book", props);

export default function SortedBookPage({ params }: Props) {
  return <SortedCategoryRoute type="Book" params={params} />;
}
