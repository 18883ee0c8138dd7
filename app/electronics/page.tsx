import { CategoryPage } from "@/components/category/category-page";
import { pageMetadata } from "@/lib/seo";

const TITLE = "Electronics";
const BLURB = "Headphones, laptops, cameras, phones and more: the latest gadgets and gear, with prices in US dollars.";

export const metadata = pageMetadata({
  title: TITLE,
  description: "Shop electronics: headphones, laptops, cameras, smartphones, speakers and accessories for your devices.",
  path: "/electronics",
});

export default function ElectronicsPage() {
  return <CategoryPage type="Electronics" limit={12} title={TITLE} blurb={BLURB} />;
}
