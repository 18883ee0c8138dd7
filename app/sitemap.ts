import type { MetadataRoute } from "next";
import { getCatalog } from "@/lib/catalog/read";
import { siteUrl } from "@/lib/env";
import { absoluteUrl, productPath } from "@/lib/seo";

/**
 * /sitemap.xml: the home and category pages and every product's details page,
 * as absolute URLs on the shop's public origin. Built from the cached
 * catalogue, so it is prerendered and refreshed with it.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = siteUrl();
  const products = await getCatalog();
  const newest = products.reduce((latest, product) => Math.max(latest, product.createdAt), 0);
  const lastModified = newest > 0 ? new Date(newest) : undefined;
  return [
    { url: absoluteUrl("/", origin), lastModified, changeFrequency: "daily", priority: 1 },
    { url: absoluteUrl("/electronics", origin), lastModified, changeFrequency: "daily", priority: 0.8 },
    { url: absoluteUrl("/accessories", origin), lastModified, changeFrequency: "daily", priority: 0.8 },
    ...products.map((product) => ({
      url: absoluteUrl(productPath(product.id), origin),
      lastModified: new Date(product.createdAt),
      changeFrequency: "weekly" as const,
      priority: 0.6,
      images: [absoluteUrl(product.image, origin)],
    })),
  ];
}
