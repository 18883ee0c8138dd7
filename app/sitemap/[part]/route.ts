import { cachedAs, getProductCount, readSitemapProducts } from "@/lib/catalog/read";
import { CATALOG_TAG, LISTING_TAG } from "@/lib/catalog/tags";
import { siteUrl } from "@/lib/env";
import { sitemapPart, sitemapPartCount, sitemapPartFile, sitemapPartOfFile, sitemapPartRange, sitemapPartXml } from "@/lib/sitemap";

/**
 * /sitemap/<n>.xml: one part of the sitemap, at most 50,000 URLs; the index
 * naming them is /sitemap.xml. Each part's XML is cached with the catalogue,
 * so the parts are prerendered and refreshed with it; a part the catalogue
 * grows into after the build renders on its first request. A part past the
 * end answers 404. A part reads the product count and its own products,
 * never another part's (readSitemapProducts).
 */
export async function generateStaticParams(): Promise<Array<{ part: string }>> {
  return Array.from({ length: sitemapPartCount(await getProductCount()) }, (_, part) => ({ part: sitemapPartFile(part) }));
}

export async function GET(_request: Request, context: { params: Promise<{ part: string }> }): Promise<Response> {
  const part = sitemapPartOfFile((await context.params).part);
  const xml = part === null ? null : await sitemapPartOrNull(part);
  if (xml === null) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}

/** The part's XML, or null past the catalogue's last part. */
async function sitemapPartOrNull(part: number): Promise<string | null> {
  "use cache";
  cachedAs([CATALOG_TAG, LISTING_TAG.sitemap]);
  if (!Number.isInteger(part) || part < 0 || part >= sitemapPartCount(await getProductCount())) return null;
  return sitemapPartXml(sitemapPart(await readSitemapProducts(sitemapPartRange(part)), part, siteUrl()));
}
