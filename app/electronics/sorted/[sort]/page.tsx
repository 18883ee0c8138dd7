import { SortedCategoryRoute, sortedCategoryMetadata, sortedCategoryParams } from "@/components/category/category-route";

type Props = { params: Promise<{ sort: string }> };

/** /electronics?sort=… (next.config.ts rewrites it here): each sort's page, prerendered. */
export const generateStaticParams = sortedCategoryParams;

export const generateMetadata = (props: Props) => sortedCategoryMetadata("Electronics", props);

export default function SortedElectronicsPage({ params }: Props) {
  return <SortedCategoryRoute type="Electronics" params={params} />;
}
