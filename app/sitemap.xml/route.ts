import { getCatalog } from "@/lib/catalog/read";
import { siteUrl } from "@/lib/env";
import { sitemapIndexXml } from "@/lib/sitemap";

/**
 * /sitemap.xml, the address robots.txt gives: a sitemap index naming every
 * part (/sitemap/<n>.xml, app/sitemap.ts). Always an index, even for one part,
 * so crawlers and ops see one shape however large the catalogue grows. Built
 * from the cached catalogue, so it is prerendered and refreshed with it.
 */
export async function GET(): Promise<Response> {
  return new Response(sitemapIndexXml(await getCatalog(), siteUrl()), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
