import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Product } from "@/lib/data/contract/catalog";
import { productPath } from "@/lib/site-links";
import { absoluteUrl, pageMetadata, productJsonLd, productMetadata, serializeJsonLd, SHARE_IMAGE, summarize } from "@/lib/seo";

const ORIGIN = "https://shop.example.com";

const product: Product = {
  id: "aurora-anc-headphones",
  name: "Aurora ANC Wireless Headphones",
  images: [{ src: "/products/aurora-anc-headphones.webp", alt: "A picture" }],
  priceCents: 24900,
  details: "Over-ear headphones with adaptive noise cancelling.",
  type: "Electronics",
  createdAt: 1_700_000_000_000,
};

describe("absoluteUrl", () => {
  it("puts a path on the origin, with exactly one slash between", () => {
    assert.equal(absoluteUrl("/electronics", ORIGIN), "https://shop.example.com/electronics");
    assert.equal(absoluteUrl("electronics", `${ORIGIN}/`), "https://shop.example.com/electronics");
    assert.equal(absoluteUrl("/", ORIGIN), "https://shop.example.com/");
  });

  it("leaves an absolute URL as it is", () => {
    assert.equal(absoluteUrl("https://cdn.example.com/a.jpg", ORIGIN), "https://cdn.example.com/a.jpg");
  });
});

describe("productPath", () => {
  it("is the details route, with the id encoded", () => {
    assert.equal(productPath("abc-1"), "/details-page/abc-1");
    assert.equal(productPath("a/b"), "/details-page/a%2Fb");
  });
});

describe("serializeJsonLd", () => {
  it("cannot close the script element, whatever the data holds", () => {
    const hostile = { name: '</script><script>alert("x")</script>', note: "a > b && c", seps: "\u2028\u2029" };
    const html = serializeJsonLd(hostile);
    assert.doesNotMatch(html, /</);
    assert.doesNotMatch(html, />/);
    assert.doesNotMatch(html, /&/);
    assert.doesNotMatch(html, /[\u2028\u2029]/);
    assert.match(html, /\\u003c\/script\\u003e/);
  });

  it("parses back to exactly the same value", () => {
    const value = { name: '</script> & <b>"quoted"</b>', price: "9.99", nested: { list: [1, "<2>"] } };
    assert.deepEqual(JSON.parse(serializeJsonLd(value)), value);
  });
});

describe("productJsonLd", () => {
  it("describes the product with an absolute image, sku and a USD in-stock offer", () => {
    const data = productJsonLd(product, ORIGIN);
    assert.equal(data["@context"], "https://schema.org");
    assert.equal(data["@type"], "Product");
    assert.equal(data.name, product.name);
    assert.equal(data.description, product.details);
    assert.deepEqual(data.image, ["https://shop.example.com/products/aurora-anc-headphones.webp"]);
    assert.equal(data.sku, product.id);
    assert.equal(data.productID, product.id);
    assert.deepEqual(data.offers, {
      "@type": "Offer",
      price: "249.00",
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: "https://shop.example.com/details-page/aurora-anc-headphones",
    });
  });

  it("says OutOfStock when the page says 'Out of stock'", () => {
    assert.equal(productJsonLd(product, ORIGIN, { outOfStock: true }).offers.availability, "https://schema.org/OutOfStock");
  });

  it("keeps an https image URL as entered", () => {
    const data = productJsonLd({ ...product, images: [{ src: "https://cdn.example.com/p.jpg", alt: "A picture" }] }, ORIGIN);
    assert.deepEqual(data.image, ["https://cdn.example.com/p.jpg"]);
  });
});

describe("pageMetadata", () => {
  it("sets title, description, canonical, OpenGraph and the metadata base", () => {
    const metadata = pageMetadata({ title: "Electronics", description: "Gadgets.", path: "/electronics" }, ORIGIN);
    assert.equal(metadata.title, "Electronics");
    assert.equal(metadata.description, "Gadgets.");
    assert.equal(String(metadata.metadataBase), "https://shop.example.com/");
    assert.deepEqual(metadata.alternates, { canonical: "/electronics" });
    assert.equal(metadata.openGraph?.url, "/electronics");
    assert.equal(metadata.openGraph?.title, "Electronics | Storefront");
    assert.equal(metadata.robots, undefined);
  });

  it("marks noindex pages while letting their links be followed", () => {
    const metadata = pageMetadata({ title: "Search", description: "Find.", path: "/search", noindex: true }, ORIGIN);
    assert.deepEqual(metadata.robots, { index: false, follow: true });
  });

  it("gives a product page its own canonical and an absolute og:image", () => {
    const metadata = productMetadata(product, ORIGIN);
    assert.equal(metadata.title, product.name);
    assert.deepEqual(metadata.alternates, { canonical: "/details-page/aurora-anc-headphones" });
    const images = metadata.openGraph?.images;
    assert.ok(Array.isArray(images));
    assert.deepEqual(images[0], {
      url: "https://shop.example.com/products/aurora-anc-headphones.webp",
      alt: product.images[0].alt,
      width: 800,
      height: 800,
    });
    assert.deepEqual((metadata.twitter as { images?: unknown }).images, images, "the Twitter card shows the same image");
  });

  it("gives every other page the shop's share image, on OpenGraph and a large Twitter card", () => {
    const metadata = pageMetadata({ title: "Electronics", description: "Gear.", path: "/electronics" }, ORIGIN);
    assert.deepEqual(metadata.openGraph?.images, [SHARE_IMAGE]);
    const twitter = metadata.twitter as { card?: string; images?: unknown };
    assert.equal(twitter.card, "summary_large_image");
    assert.deepEqual(twitter.images, [SHARE_IMAGE]);
    // Relative, resolved against metadataBase, which is the site's origin.
    assert.equal(String(metadata.metadataBase), `${ORIGIN}/`);
    assert.equal(SHARE_IMAGE.url, "/og-image.jpg");
  });
});

describe("summarize", () => {
  it("keeps short text and flattens whitespace", () => {
    assert.equal(summarize("  Two\nlines  "), "Two lines");
  });

  it("cuts long text at a word boundary within the limit", () => {
    const text = "word ".repeat(60);
    const summary = summarize(text, 50);
    assert.ok(summary.length <= 50, summary);
    assert.match(summary, /^(word )*word\.\.\.$/);
  });
});
