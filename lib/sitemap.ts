/**
 * The sitemap, in parts a search engine accepts: `/sitemap.xml` is a sitemap
 * index naming `/sitemap/<n>.xml`, each a list of at most 50,000 URLs (the
 * sitemaps.org limit). Part 0 starts with the home and category pages; the
 * products follow newest first, so a new product lands in part 0 and an old
 * one only moves to a later part as the catalogue grows. Each part's route
 * reads that part's products only (sitemapPartRange).
 *
 * The builders are pure (origin and products are arguments) so tests need no
 * server; the routes are app/sitemap/[part]/route.ts (the parts) and
 * app/sitemap.xml/route.ts (the index). They are route handlers, not Next's
 * sitemap.ts convention: that one claims /sitemap.xml for itself once it is
 * split, leaving no address for the index.
 */
import "server-only";
import { CATEGORIES } from "@/lib/catalog/categories";
import type { Product } from "@/lib/data/contract/catalog";
import { absoluteUrl, productPath } from "@/lib/seo";

/** The most URLs one sitemap file may list (sitemaps.org, and Google's limit). */
export const SITEMAP_MAX_URLS = 50_000;

/** The pages every part 0 lists before the products, with their priority: home, then each category page. */
const SHOP_PAGES = [{ path: "/", priority: 1 }, ...CATEGORIES.map(({ path }) => ({ path, priority: 0.8 }))] as const;

/** How many parts a catalogue of this many products needs (at least one). */
export function sitemapPartCount(productCount: number, maxUrls: number = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil((SHOP_PAGES.length + productCount) / maxUrls));
}

/** The part numbers, 0 to count - 1. */
export function sitemapParts(productCount: number, maxUrls: number = SITEMAP_MAX_URLS): number[] {
  return Array.from({ length: sitemapPartCount(productCount, maxUrls) }, (_, part) => part);
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
  image?: string;
}

/**
 * The positions in the newest-first catalogue one part lists: part 0 the
 * first products after the shop pages, each later part the next `maxUrls`.
 * A part's route reads exactly these (Store.listProductsPageAt), never
 * another part's products.
 */
export function sitemapPartRange(part: number, maxUrls: number = SITEMAP_MAX_URLS): { position: number; count: number } {
  // Positions count the shop pages first: product i sits at URL SHOP_PAGES.length + i.
  if (part === 0) return { position: 0, count: Math.max(0, maxUrls - SHOP_PAGES.length) };
  return { position: part * maxUrls - SHOP_PAGES.length, count: maxUrls };
}

/**
 * The URLs of one part, absolute on `origin`: `products` are the part's own
 * (sitemapPartRange), newest first. Part 0's first product is the
 * catalogue's newest: when the shop pages last changed.
 */
export function sitemapPart(products: readonly Product[], part: number, origin: string): SitemapEntry[] {
  const entries: SitemapEntry[] = [];
  if (part === 0) {
    const lastModified = products[0] ? new Date(products[0].createdAt) : undefined;
    for (const page of SHOP_PAGES) {
      entries.push({ url: absoluteUrl(page.path, origin), lastModified, changeFrequency: "daily", priority: page.priority });
    }
  }
  for (const product of products) {
    entries.push({
      url: absoluteUrl(productPath(product.id), origin),
      lastModified: new Date(product.createdAt),
      changeFrequency: "weekly",
      priority: 0.6,
      image: absoluteUrl(product.image, origin),
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
    const image = entry.image ? `<image:image><image:loc>${xmlText(entry.image)}</image:loc></image:image>` : "";
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
 * product count and the newest product's time (part 0's <lastmod>). Later
 * parts carry none: their newest product sits mid-catalogue, and reading it
 * would cost Firestore an offset over every product before it (lastmod is
 * optional in a sitemap index).
 */
export function sitemapIndexXml(productCount: number, newest: number | null, origin: string, maxUrls: number = SITEMAP_MAX_URLS): string {
  const entries = sitemapParts(productCount, maxUrls).map((part) => {
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
