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
    images: [{ src: `/products/p${i}.webp`, alt: `Product ${i}` }],
    priceCents: 100,
    details: "",
    type: "Book" as const,
    createdAt: 1_700_000_000_000 - i * 1000,
  }));
}

const urls = (entries: ReturnType<typeof sitemapPart>) => entries.map((entry) => entry.url);

/** Counts with every product a Book, the other types empty. */
const booksOnly = (books: number) => ({ Electronics: 0, Accessories: 0, Book: books, Sport: 0 });

describe("sitemap parts", () => {
  it("keeps home, each category's listing pages and the products in one part up to 50,000 URLs", () => {
    assert.equal(SITEMAP_MAX_URLS, 50_000);
    assert.equal(sitemapPartCount(booksOnly(0)), 1);
    // Home, 3 empty categories' one page each, 3,846 pages of 12 books: 3,850 shop pages + 46,150 books = 50,000 URLs.
    assert.equal(sitemapPartCount(booksOnly(46_150)), 1);
    assert.equal(sitemapPartCount(booksOnly(46_151)), 2);
    assert.deepEqual(sitemapParts({ Electronics: 12_500, Accessories: 12_500, Book: 12_500, Sport: 12_500 }), [0, 1]);
  });

  it("lists home and every category's plain listing pages once, then every product exactly once across the parts, none over the limit", () => {
    const products = catalogue(23);
    const counts = booksOnly(23);
    const max = 10; // home, electronics, accessories, books pages 1 and 2, sport: 6 shop pages + 23 products = 29 URLs
    // Each part gets only its own range of the catalogue, as its route reads it.
    const ownProducts = (part: number) => {
      const { position, count } = sitemapPartRange(part, counts, max);
      return products.slice(position, position + count);
    };
    assert.deepEqual(
      [0, 1, 2].map((part) => {
        const { shopPages, position, count } = sitemapPartRange(part, counts, max);
        return { shopPages: shopPages.length, position, count };
      }),
      [
        { shopPages: 6, position: 0, count: 4 },
        { shopPages: 0, position: 4, count: 10 },
        { shopPages: 0, position: 14, count: 10 },
      ],
    );
    const parts = sitemapParts(counts, max).map((part) =>
      urls(sitemapPart(sitemapPartRange(part, counts, max), ownProducts(part), ORIGIN)),
    );
    assert.deepEqual(
      parts.map((part) => part.length),
      [10, 10, 9],
    );
    const all = parts.flat();
    assert.deepEqual(all.slice(0, 6), [
      `${ORIGIN}/`,
      `${ORIGIN}/electronics`,
      `${ORIGIN}/accessories`,
      `${ORIGIN}/books`,
      `${ORIGIN}/books?page=2`,
      `${ORIGIN}/sport`,
    ]);
    assert.deepEqual(
      all.slice(6),
      products.map((p) => `${ORIGIN}/details-page/${p.id}`),
    );
    assert.equal(new Set(all).size, all.length);
  });

  it("carries shop pages over into the next part when they fill one", () => {
    const counts = booksOnly(120); // home, 3 one-page categories, 10 pages of books: 14 shop pages
    const first = sitemapPartRange(0, counts, 10);
    const second = sitemapPartRange(1, counts, 10);
    assert.deepEqual([first.shopPages.length, first.count, second.shopPages.length, second.position, second.count], [10, 0, 4, 0, 6]);
    assert.equal(sitemapPartCount(counts, 10), 14);
  });

  it("gives an empty catalogue one part with the shop pages and no lastmod", () => {
    const entries = sitemapPart(sitemapPartRange(0, booksOnly(0)), [], ORIGIN);
    assert.equal(entries.length, 5);
    assert.equal(entries[0].lastModified, undefined);
  });

  it("gives each product its image and creation time, and the shop pages the newest product's", () => {
    const [product] = catalogue(1);
    const entries = sitemapPart(sitemapPartRange(0, booksOnly(1)), [product], ORIGIN);
    assert.deepEqual(entries[5].images, [`${ORIGIN}/products/p0.webp`]);
    assert.equal((entries[5].lastModified as Date).getTime(), product.createdAt);
    assert.equal((entries[0].lastModified as Date).getTime(), product.createdAt);
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
        images: ["https://cdn.example.com/i?w=1&h=2"],
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
    const xml = sitemapIndexXml(booksOnly(products.length), products[0].createdAt, ORIGIN, 10);
    assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    assert.deepEqual(locs, [`${ORIGIN}/sitemap/0.xml`, `${ORIGIN}/sitemap/1.xml`, `${ORIGIN}/sitemap/2.xml`]);
    const lastmods = [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]);
    // Later parts have none: their newest sits mid-catalogue, which Firestore reads only through a billed offset.
    assert.deepEqual(lastmods, [new Date(products[0].createdAt).toISOString()]);
  });

  it("escapes the origin for XML", () => {
    assert.match(
      sitemapIndexXml(booksOnly(0), null, "https://a.example.com/?x&y", 10),
      /<loc>https:\/\/a\.example\.com\/\?x&amp;y\/sitemap\/0\.xml<\/loc>/,
    );
  });
});
