/**
 * The sitemap, in parts a search engine accepts: `/sitemap.xml` is a sitemap
 * index naming `/sitemap/<n>.xml`, each a list of at most 50,000 URLs (the
 * sitemaps.org limit). Part 0 starts with the home page and every
 * category's plain listing pages (`/books`, `/books?page=2`, …:
 * lib/catalog/listing-pages.ts; sorted views are not listed, their canonical
 * address is the plain listing); the products follow newest first, so a new
 * product lands in part 0 (the shop pages fill it only past ~600,000
 * products) and an old one only moves to a later part as the catalogue grows. Each part's route reads that part's products only
 * (sitemapPartRange), and each category's count.
 *
 * The builders are pure (origin and products are arguments) so tests need no
 * server; the routes are app/sitemap/[part]/route.ts (the parts) and
 * app/sitemap.xml/route.ts (the index). They are route handlers, not Next's
 * sitemap.ts convention: that one claims /sitemap.xml for itself once it is
 * split, leaving no address for the index.
 */
import "server-only";
import { CATEGORIES } from "@/lib/catalog/categories";
import { categoryPageCount, listingHref, type TypeCounts } from "@/lib/catalog/listing-pages";
import type { Product } from "@/lib/data/contract/catalog";
import { absoluteUrl } from "@/lib/seo";
import { productPath } from "@/lib/site-links";

/** The most URLs one sitemap file may list (sitemaps.org, and Google's limit). */
export const SITEMAP_MAX_URLS = 50_000;

/** A page of the shop's own that the sitemap lists before the products. */
interface ShopPage {
  path: string;
  priority: number;
}

/** Home, then each category's plain listing pages, in the header's order. */
function shopPages(counts: TypeCounts): ShopPage[] {
  const pages: ShopPage[] = [{ path: "/", priority: 1 }];
  for (const { type, path } of CATEGORIES) {
    const count = categoryPageCount(type, counts[type]);
    for (let page = 1; page <= count; page++) pages.push({ path: listingHref(path, "newest", page), priority: page === 1 ? 0.8 : 0.5 });
  }
  return pages;
}

const productTotal = (counts: TypeCounts) => CATEGORIES.reduce((sum, { type }) => sum + counts[type], 0);

/** How many parts the shop's pages and products need (at least one). */
export function sitemapPartCount(counts: TypeCounts, maxUrls: number = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil((shopPages(counts).length + productTotal(counts)) / maxUrls));
}

/** The part numbers, 0 to count - 1. */
export function sitemapParts(counts: TypeCounts, maxUrls: number = SITEMAP_MAX_URLS): number[] {
  return Array.from({ length: sitemapPartCount(counts, maxUrls) }, (_, part) => part);
}

/** The file name of a part in the URL ("0.xml"). */
function sitemapPartFile(part: number): string {
  return `${part}.xml`;
}

/** The part a file name names, or null for anything else ("01.xml", "x", "0"). */
export function sitemapPartOfFile(file: string): number | null {
  const match = /^(0|[1-9]\d{0,5})\.xml$/.exec(file);
  return match ? Number(match[1]) : null;
}

/** One URL of a part. */
interface SitemapEntry {
  url: string;
  lastModified?: Date;
  changeFrequency: "daily" | "weekly";
  priority: number;
  /** The product's images, each an absolute URL. */
  images?: string[];
}

/** What one part lists: its share of the shop pages, then its share of the products (positions in the newest-first catalogue). */
export interface SitemapPartRange {
  shopPages: ShopPage[];
  position: number;
  count: number;
}

/**
 * The URLs one part lists, `maxUrls` to a part: the shop pages first, then
 * the products. A part's route reads exactly its products
 * (Store.listProductsPageAt), never another part's.
 */
export function sitemapPartRange(part: number, counts: TypeCounts, maxUrls: number = SITEMAP_MAX_URLS): SitemapPartRange {
  const pages = shopPages(counts);
  const start = part * maxUrls;
  const end = start + maxUrls;
  return {
    shopPages: pages.slice(start, end),
    position: Math.max(0, start - pages.length),
    count: Math.max(0, end - Math.max(start, pages.length)),
  };
}

/**
 * The URLs of one part, absolute on `origin`: its shop pages, then
 * `products`, the part's own (sitemapPartRange), newest first. The shop
 * pages last changed with the catalogue's newest product, which is the
 * first of the part that starts the products.
 */
export function sitemapPart(range: SitemapPartRange, products: readonly Product[], origin: string): SitemapEntry[] {
  const newest = range.position === 0 && products[0] ? new Date(products[0].createdAt) : undefined;
  const entries: SitemapEntry[] = range.shopPages.map((page) => ({
    url: absoluteUrl(page.path, origin),
    lastModified: newest,
    changeFrequency: "daily",
    priority: page.priority,
  }));
  for (const product of products) {
    entries.push({
      url: absoluteUrl(productPath(product.id), origin),
      lastModified: new Date(product.createdAt),
      changeFrequency: "weekly",
      priority: 0.6,
      images: product.images.map((image) => absoluteUrl(image.src, origin)),
    });
  }
  return entries;
}

/** Escapes text for an XML element (URLs may carry & from a product id). */
function xmlText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

const lastmod = (date: Date | undefined) => (date ? `<lastmod>${date.toISOString()}</lastmod>` : "");

/** One part as sitemaps.org XML, with Google's image extension for product images. */
export function sitemapPartXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const image = (entry.images ?? []).map((src) => `<image:image><image:loc>${xmlText(src)}</image:loc></image:image>`).join("");
    return `<url><loc>${xmlText(entry.url)}</loc>${lastmod(entry.lastModified)}<changefreq>${entry.changeFrequency}</changefreq><priority>${entry.priority}</priority>${image}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/**
 * The sitemap index: one <sitemap> per part, absolute on `origin`, from the
 * types' counts and the newest product's time (part 0's <lastmod>). Later
 * parts carry none: their newest product sits mid-catalogue, and reading it
 * would cost Firestore an offset over every product before it (lastmod is
 * optional in a sitemap index).
 */
export function sitemapIndexXml(counts: TypeCounts, newest: number | null, origin: string, maxUrls: number = SITEMAP_MAX_URLS): string {
  const entries = sitemapParts(counts, maxUrls).map((part) => {
    const location = absoluteUrl(`/sitemap/${sitemapPartFile(part)}`, origin);
    return `<sitemap><loc>${xmlText(location)}</loc>${lastmod(part === 0 && newest !== null ? new Date(newest) : undefined)}</sitemap>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</sitemapindex>",
    "",
  ].join("\n");
}
