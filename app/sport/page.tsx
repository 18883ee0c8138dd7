import { CategoryRoute, categoryMetadata } from "@/components/category/category-route";

export const metadata = categoryMetadata("Sport");

export default function SportPage() {
  return <CategoryRoute type="Sport" />;
}
