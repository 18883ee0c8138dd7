import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/env";

/** Crawl everything public; keep admin, cart, checkout, orders, search results and the API out. */
export default function robots(): MetadataRoute.Robots {
  const origin = siteUrl();
  return {
    rules: [
      {
        userAgent: "*",
        allow: "/",
        disallow: ["/admin-entry", "/admin-signin", "/cart-page", "/checkout-page", "/orders-page", "/search", "/search-view", "/api/"],
      },
    ],
    sitemap: `${origin}/sitemap.xml`,
  };
}
