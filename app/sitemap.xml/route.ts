import { cachedAs, getNewestProducts, getProductCounts } from "@/lib/catalog/read";
import { CATALOG_TAG, LISTING_TAG } from "@/lib/catalog/tags";
import { siteUrl } from "@/lib/env";
import { sitemapIndexXml } from "@/lib/sitemap";

/**
 * /sitemap.xml, the address robots.txt gives: a sitemap index naming every
 * part (/sitemap/<n>.xml). Always an index, even for one part, so crawlers
 * and ops see one shape however large the catalogue grows. The XML is cached
 * with the catalogue, so it is prerendered and refreshed with it. It reads
 * each type's product count and the newest product, nothing more.
 */
export async function GET(): Promise<Response> {
  return new Response(await sitemapIndex(), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}

async function sitemapIndex(): Promise<string> {
  "use cache";
  cachedAs([CATALOG_TAG, LISTING_TAG.sitemap]);
  const [counts, [newest]] = await Promise.all([getProductCounts(), getNewestProducts(1)]);
  return sitemapIndexXml(counts, newest?.createdAt ?? null, siteUrl());
}
