import { SortedCategoryRoute, sortedCategoryMetadata, sortedCategoryParams } from "@/components/category/category-route";

type Props = { params: Promise<{ sort: string }> };

/** /sport?sort=… (next.config.ts rewrites it here): each sort's page, prerendered. */
export const generateStaticParams = sortedCategoryParams;

export const generateMetadata = (props: Props) => sortedCategoryMetadata("Sport", props);

export default function SortedSportPage({ params }: Props) {
  return <SortedCategoryRoute type="Sport" params={params} />;
}
