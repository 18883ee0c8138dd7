import { getCatalog } from "@/lib/catalog/read";
import { siteUrl } from "@/lib/env";
import { sitemapPart, sitemapPartCount, sitemapPartFile, sitemapPartOfFile, sitemapPartXml } from "@/lib/sitemap";

/**
 * /sitemap/<n>.xml: one part of the sitemap, at most 50,000 URLs; the index
 * naming them is /sitemap.xml. Built from the cached catalogue, so the parts
 * are prerendered and refreshed with it; a part the catalogue grows into after
 * the build renders on its first request. A part past the end answers 404.
 */
export async function generateStaticParams(): Promise<Array<{ part: string }>> {
  return Array.from({ length: sitemapPartCount((await getCatalog()).length) }, (_, part) => ({ part: sitemapPartFile(part) }));
}

export async function GET(_request: Request, context: { params: Promise<{ part: string }> }): Promise<Response> {
  const part = sitemapPartOfFile((await context.params).part);
  const products = await getCatalog();
  if (part === null || part >= sitemapPartCount(products.length)) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(sitemapPartXml(sitemapPart(products, part, siteUrl())), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
