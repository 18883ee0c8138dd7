import { CategoryRoute, categoryMetadata } from "@/components/category/category-route";

export const metadata = categoryMetadata("Accessories");

export default function AccessoriesPage() {
  return <CategoryRoute type="Accessories" />;
}
