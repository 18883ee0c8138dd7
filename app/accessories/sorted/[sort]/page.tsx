import { SortedCategoryRoute, sortedCategoryMetadata, sortedCategoryParams } from "@/components/category/category-route";

type Props = { params: Promise<{ sort: string }> };

/** /accessories?sort=… (next.config.ts rewrites it here): each sort's page, prerendered. */
export const generateStaticParams = sortedCategoryParams;

export const generateMetadata = (props: Props) => sortedCategoryMetadata("Accessories", props);

export default function SortedAccessoriesPage({ params }: Props) {
  return <SortedCategoryRoute type="Accessories" params={params} />;
}
