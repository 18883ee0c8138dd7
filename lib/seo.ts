/**
 * Metadata helpers: every page gets its own title, description, canonical URL
 * and OpenGraph tags from here, and product pages their JSON-LD. The pure
 * builders take the origin as an argument so tests need no environment.
 */
import "server-only";
import type { Metadata } from "next";
import type { Product } from "@/lib/data/contract/catalog";
import { siteUrl } from "@/lib/env";
import { centsAsDecimal } from "@/lib/money";
import { productPath } from "@/lib/site-links";

export const SITE_NAME = "Storefront";
export const SITE_TITLE = "Storefront: electronics, accessories, books and sport";
export const SITE_DESCRIPTION = "Shop electronics, accessories, books and sports gear. Prices in US dollars.";

/** An absolute URL for a path ("/x") or an already absolute https/http URL. */
export function absoluteUrl(pathOrUrl: string, origin: string = siteUrl()): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const base = origin.replace(/\/+$/, "");
  const path = pathOrUrl.startsWith("/") ? pathOrUrl : `/${pathOrUrl}`;
  return `${base}${path}`;
}

interface PageMetadataInput {
  /** The page's own title; the root layout's template adds " | Storefront". */
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/electronics". */
  path: string;
  /** Social preview images (paths or absolute URLs). */
  images?: Array<{ url: string; alt: string; width?: number; height?: number }>;
  /** Keep the page out of search indexes (links on it are still followed). */
  noindex?: boolean;
}

/**
 * The share image of pages without one of their own (scripts/images/render.mjs
 * makes it): JPEG at 1200x630, which every network shows as a large card.
 */
export const SHARE_IMAGE = { url: "/og-image.jpg", alt: `${SITE_NAME}: electronics and accessories`, width: 1200, height: 630 };

/**
 * Title, description, canonical, OpenGraph and Twitter card for one page. metadataBase is
 * set here too, so the relative canonical and og:url resolve against the
 * shop's public origin whichever layout the page sits in.
 */
export function pageMetadata(input: PageMetadataInput, origin: string = siteUrl()): Metadata {
  const images = input.images ?? [SHARE_IMAGE];
  const metadata: Metadata = {
    metadataBase: new URL(origin),
    title: input.title,
    description: input.description,
    alternates: { canonical: input.path },
    openGraph: {
      type: "website",
      siteName: SITE_NAME,
      locale: "en_US",
      title: `${input.title} | ${SITE_NAME}`,
      description: input.description,
      url: input.path,
      images,
    },
    twitter: {
      card: "summary_large_image",
      title: `${input.title} | ${SITE_NAME}`,
      description: input.description,
      images,
    },
  };
  if (input.noindex) metadata.robots = { index: false, follow: true };
  return metadata;
}

/**
 * A one-line description of at most `max` characters, cut at a word boundary
 * and ended with "..." (three dots, not "…": the catalogue's pages stay within
 * Latin-1, tests/e2e/html-validity.spec.ts says why).
 */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 3);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}...`;
}

/** Metadata for a product's details page. */
export function productMetadata(product: Product, origin: string = siteUrl()): Metadata {
  return pageMetadata(
    {
      title: product.name,
      description: summarize(product.details),
      path: productPath(product.id),
      images: product.images.map((image) => ({ url: absoluteUrl(image.src, origin), alt: image.alt, width: 800, height: 800 })),
    },
    origin,
  );
}

/** schema.org Product structured data for a product's details page; `outOfStock` when its page says "Out of stock". */
export function productJsonLd(product: Product, origin: string = siteUrl(), { outOfStock = false }: { outOfStock?: boolean } = {}) {
  const url = absoluteUrl(productPath(product.id), origin);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    image: product.images.map((image) => absoluteUrl(image.src, origin)),
    description: product.details,
    sku: product.id,
    productID: product.id,
    category: product.type,
    url,
    offers: {
      "@type": "Offer",
      price: centsAsDecimal(product.priceCents),
      priceCurrency: "USD",
      availability: outOfStock ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
      url,
    },
  };
}

/**
 * JSON for an inline <script type="application/ld+json">. The HTML parser
 * ends a script at "</script" whatever the JSON means, so "<" (and, for good
 * measure, ">" and "&") become JSON unicode escapes; U+2028/U+2029 are escaped
 * too. JSON.parse of the result gives back the same value.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The root layout's share: metadataBase and site-wide OpenGraph defaults. No
 * canonical here: a page that inherited "/" would tell search engines it is a
 * copy of the home page. Each page sets its own through pageMetadata().
 */
export function rootMetadata(origin: string = siteUrl()): Metadata {
  return {
    metadataBase: new URL(origin),
    openGraph: { type: "website", siteName: SITE_NAME, locale: "en_US" },
  };
}
