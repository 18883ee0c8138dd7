import { CategoryRoute, categoryMetadata } from "@/components/category/category-route";

export const metadata = categoryMetadata("Electronics");

export default function ElectronicsPage() {
  return <CategoryRoute type="Electronics" />;
}
