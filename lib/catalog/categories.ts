/**
 * The shop's category pages, one per product type, each said once: its
 * address, title, blurb, description for search engines and how many
 * products each of its pages shows (the spec's figures for the first page
 * of Electronics and Accessories; Books and Sport in the same form). The pages
 * (app/<path>/page.tsx), the header's category row and menu, the footer,
 * the page without JavaScript's header and the sitemap read this list.
 * Pure constants: either side may import it.
 */
import type { ProductType } from "@/lib/data/contract/catalog";

export interface Category {
  type: ProductType;
  path: `/${string}`;
  title: string;
  blurb: string;
  description: string;
  /** How many products each of its pages shows (lib/catalog/listing-pages.ts). */
  pageSize: number;
}

export const CATEGORIES = [
  {
    type: "Electronics",
    path: "/electronics",
    title: "Electronics",
    blurb: "Headphones, laptops, cameras, phones and more: the latest gadgets and gear, with prices in US dollars.",
    description: "Shop electronics: headphones, laptops, cameras, smartphones, speakers and accessories for your devices.",
    pageSize: 12,
  },
  {
    type: "Accessories",
    path: "/accessories",
    title: "Accessories",
    blurb: "Bags, watches, wallets, sunglasses and everyday carry: finishing touches for work, travel and weekends.",
    description: "Shop accessories: bags, watches, wallets, sunglasses, hats and travel essentials, priced in US dollars.",
    pageSize: 8,
  },
  {
    type: "Book",
    path: "/books",
    title: "Books",
    blurb: "Novels, cookbooks, guides and stories for every shelf: new titles and old favourites, with prices in US dollars.",
    description: "Shop books: fiction, cookbooks, travel guides, biographies and children's books, priced in US dollars.",
    pageSize: 12,
  },
  {
    type: "Sport",
    path: "/sport",
    title: "Sport",
    blurb: "Gear for the gym, the trail and the court: equipment and clothing to keep you moving, with prices in US dollars.",
    description: "Shop sports gear: fitness equipment, running, cycling, outdoor and team sports, priced in US dollars.",
    pageSize: 12,
  },
] as const satisfies readonly Category[];

/** The category page of a product type. */
export function categoryOf(type: ProductType): Category {
  return CATEGORIES.find((category) => category.type === type)!;
}
