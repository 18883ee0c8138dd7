import { expect, type APIRequestContext } from "@playwright/test";

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

/**
 * Every URL the shop's sitemap lists: /sitemap.xml is an index, so this reads
 * it, then each part it names (each must answer 200 with XML), in order.
 */
export async function sitemapUrls(request: APIRequestContext): Promise<string[]> {
  const index = await request.get("/sitemap.xml");
  expect(index.status()).toBe(200);
  expect(index.headers()["content-type"]).toMatch(/^application\/xml/);
  const indexXml = await index.text();
  expect(indexXml).toContain("<sitemapindex");
  const urls: string[] = [];
  for (const part of locations(indexXml)) {
    const response = await request.get(part);
    expect(response.status(), part).toBe(200);
    const xml = await response.text();
    expect(xml, part).toContain("<urlset");
    urls.push(...locations(xml));
  }
  return urls;
}
