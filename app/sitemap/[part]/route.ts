import { cachedAs, getProductCounts, readSitemapProducts } from "@/lib/catalog/read";
import { CATALOG_TAG, LISTING_TAG } from "@/lib/catalog/tags";
import { siteUrl } from "@/lib/env";
import { sitemapPart, sitemapPartCount, sitemapPartOfFile, sitemapPartRange, sitemapPartXml } from "@/lib/sitemap";

/**
 * /sitemap/<n>.xml: one part of the sitemap, at most 50,000 URLs; the index
 * naming them is /sitemap.xml. A part reads each type's product count and its own
 * products, never another part's (readSitemapProducts). No part is
 * prerendered: a build reads no product for the sitemap, however large the
 * catalogue (part 0 of 50,000 products outlasted the build's time for a
 * cached function). A part renders on its first request; its XML is cached
 * with the catalogue's tags in this instance ('use cache') and for an hour
 * in shared caches (the CDN), which a crawler reading it once a day never
 * notices. A part past the end answers 404.
 */
export async function GET(_request: Request, context: { params: Promise<{ part: string }> }): Promise<Response> {
  const part = sitemapPartOfFile((await context.params).part);
  const xml = part === null ? null : await sitemapPartOrNull(part);
  if (xml === null) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SHARED_CACHE_HOUR } });
}

/** Browsers ask again each time; shared caches keep a part for an hour and may serve it a day longer while they refresh it. */
const SHARED_CACHE_HOUR = "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400";

/** The part's XML, or null past the catalogue's last part. */
async function sitemapPartOrNull(part: number): Promise<string | null> {
  "use cache";
  cachedAs([CATALOG_TAG, LISTING_TAG.sitemap]);
  const counts = await getProductCounts();
  if (!Number.isInteger(part) || part < 0 || part >= sitemapPartCount(counts)) return null;
  const range = sitemapPartRange(part, counts);
  return sitemapPartXml(sitemapPart(range, await readSitemapProducts(range), siteUrl()));
}
