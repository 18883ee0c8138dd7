import { CategoryPage } from "@/components/category/category-page";
import { pageMetadata } from "@/lib/seo";

const TITLE = "Accessories";
const BLURB = "Bags, watches, wallets, sunglasses and everyday carry: finishing touches for work, travel and weekends.";

export const metadata = pageMetadata({
  title: TITLE,
  description: "Shop accessories: bags, watches, wallets, sunglasses, hats and travel essentials, priced in US dollars.",
  path: "/accessories",
});

export default function AccessoriesPage() {
  return <CategoryPage type="Accessories" limit={8} title={TITLE} blurb={BLURB} />;
}
