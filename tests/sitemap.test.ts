import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Product } from "@/lib/data/contract/catalog";
import {
  SITEMAP_MAX_URLS,
  sitemapIndexXml,
  sitemapPart,
  sitemapPartCount,
  sitemapPartOfFile,
  sitemapPartRange,
  sitemapParts,
  sitemapPartXml,
} from "@/lib/sitemap";

const ORIGIN = "https://shop.example.com";

/** `count` products, newest first, one second apart. */
function catalogue(count: number): Product[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `p${String(i).padStart(6, "0")}`,
    name: `Product ${i}`,
    image: `/products/p${i}.webp`,
    priceCents: 100,
    details: "",
    type: "Book" as const,
    createdAt: 1_700_000_000_000 - i * 1000,
  }));
}

const urls = (entries: ReturnType<typeof sitemapPart>) => entries.map((entry) => entry.url);

describe("sitemap parts", () => {
  it("keeps the five shop pages (home and the four categories) and up to 49,995 products in one part", () => {
    assert.equal(SITEMAP_MAX_URLS, 50_000);
    assert.equal(sitemapPartCount(0), 1);
    assert.equal(sitemapPartCount(49_995), 1);
    assert.equal(sitemapPartCount(49_996), 2);
    assert.equal(sitemapPartCount(100_000), 3);
    assert.deepEqual(sitemapParts(50_003), [0, 1]);
  });

  it("lists the shop pages once, then every product exactly once across the parts, none over the limit", () => {
    const products = catalogue(23);
    const max = 10; // 5 shop pages + 23 products = 28 URLs: parts of 10, 10, 8
    // Each part gets only its own range of the catalogue, as its route reads it.
    const ownProducts = (part: number) => {
      const { position, count } = sitemapPartRange(part, max);
      return products.slice(position, position + count);
    };
    assert.deepEqual(
      [0, 1, 2].map((part) => sitemapPartRange(part, max)),
      [
        { position: 0, count: 5 },
        { position: 5, count: 10 },
        { position: 15, count: 10 },
      ],
    );
    const parts = sitemapParts(products.length, max).map((part) => urls(sitemapPart(ownProducts(part), part, ORIGIN)));
    assert.deepEqual(
      parts.map((part) => part.length),
      [10, 10, 8],
    );
    const all = parts.flat();
    assert.deepEqual(all.slice(0, 5), [
      `${ORIGIN}/`,
      `${ORIGIN}/electronics`,
      `${ORIGIN}/accessories`,
      `${ORIGIN}/books`,
      `${ORIGIN}/sport`,
    ]);
    assert.deepEqual(
      all.slice(5),
      products.map((p) => `${ORIGIN}/details-page/${p.id}`),
    );
    assert.equal(new Set(all).size, all.length);
  });

  it("gives an empty catalogue one part with the shop pages and no lastmod", () => {
    const [home] = sitemapPart([], 0, ORIGIN);
    assert.equal(sitemapPart([], 0, ORIGIN).length, 5);
    assert.equal(home.lastModified, undefined);
  });

  it("gives each product its image and creation time", () => {
    const [product] = catalogue(1);
    const entry = sitemapPart([product], 0, ORIGIN)[5];
    assert.equal(entry.image, `${ORIGIN}/products/p0.webp`);
    assert.equal((entry.lastModified as Date).getTime(), product.createdAt);
  });
});

describe("sitemap part files", () => {
  it("reads only a plain part number followed by .xml", () => {
    assert.equal(sitemapPartOfFile("0.xml"), 0);
    assert.equal(sitemapPartOfFile("12.xml"), 12);
    for (const file of ["01.xml", "0", "x.xml", "-1.xml", "1.5.xml", "0.xml.xml", "1234567.xml", ""])
      assert.equal(sitemapPartOfFile(file), null, file);
  });

  it("writes each URL with its lastmod, frequency, priority and image, escaped", () => {
    const xml = sitemapPartXml([
      {
        url: `${ORIGIN}/details-page/a%26b`,
        lastModified: new Date(0),
        changeFrequency: "weekly",
        priority: 0.6,
        image: "https://cdn.example.com/i?w=1&h=2",
      },
      { url: `${ORIGIN}/`, changeFrequency: "daily", priority: 1 },
    ]);
    assert.match(
      xml,
      /<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:image="http:\/\/www.google.com\/schemas\/sitemap-image\/1.1">/,
    );
    assert.ok(
      xml.includes(
        `<url><loc>${ORIGIN}/details-page/a%26b</loc><lastmod>1970-01-01T00:00:00.000Z</lastmod><changefreq>weekly</changefreq><priority>0.6</priority><image:image><image:loc>https://cdn.example.com/i?w=1&amp;h=2</image:loc></image:image></url>`,
      ),
    );
    assert.ok(xml.includes(`<url><loc>${ORIGIN}/</loc><changefreq>daily</changefreq><priority>1</priority></url>`));
  });
});

describe("sitemap index", () => {
  it("names every part on the origin, part 0 with the newest product's time", () => {
    const products = catalogue(23);
    const xml = sitemapIndexXml(products.length, products[0].createdAt, ORIGIN, 10);
    assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    assert.deepEqual(locs, [`${ORIGIN}/sitemap/0.xml`, `${ORIGIN}/sitemap/1.xml`, `${ORIGIN}/sitemap/2.xml`]);
    const lastmods = [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]);
    // Later parts have none: their newest sits mid-catalogue, which Firestore reads only through a billed offset.
    assert.deepEqual(lastmods, [new Date(products[0].createdAt).toISOString()]);
  });

  it("escapes the origin for XML", () => {
    assert.match(
      sitemapIndexXml(0, null, "https://a.example.com/?x&y", 10),
      /<loc>https:\/\/a\.example\.com\/\?x&amp;y\/sitemap\/0\.xml<\/loc>/,
    );
  });
});
