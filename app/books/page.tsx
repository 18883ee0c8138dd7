import { CategoryRoute, categoryMetadata } from "@/components/category/category-route";

export const metadata = categoryMetadata("Book");

export default function BooksPage() {
  return <CategoryRoute type="Book" />;
}
