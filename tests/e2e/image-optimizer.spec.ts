import { expect, test } from "@playwright/test";

/**
 * next/image's optimizer takes local images from the shop's image folders
 * only (next.config.ts images.localPatterns, lib/images/folders.ts). Left
 * open, /_next/image?url=/api/events fetched the live stream, which never
 * ends: the request hung. Anything else is refused at once.
 */

const optimizerUrl = (url: string) => `/_next/image?url=${encodeURIComponent(url)}&w=640&q=75`;

test("refuses at once a url outside the shop's image folders, the live stream included", async ({ request }) => {
  for (const url of ["/api/events", "/api/cart", "/og-image.jpg"]) {
    const started = Date.now();
    const response = await request.get(optimizerUrl(url), { timeout: 5_000 });
    expect(response.status(), url).toBe(400);
    expect(Date.now() - started, url).toBeLessThan(2_000);
  }
});

test("still optimizes one of the shop's product images", async ({ request }) => {
  // A browser's Accept: the optimizer answers in the format configured (WebP) to those that take it.
  const headers = { accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" };
  const response = await request.get(optimizerUrl("/products/aurora-anc-headphones.webp"), { headers, timeout: 30_000 });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect((await response.body()).length).toBeGreaterThan(1_000);
});
