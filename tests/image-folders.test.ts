/**
 * Which local images next/image's optimizer takes (lib/images/folders.ts,
 * next.config.ts images.localPatterns), checked with Next's own matcher, and
 * that SiteImage's choice (optimizable) agrees with it: an image it sends to
 * the optimizer is never refused there.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { hasLocalMatch } from "next/dist/shared/lib/match-local-pattern";
import { IMAGE_FOLDERS, OPTIMIZER_LOCAL_PATTERNS, optimizable } from "@/lib/images/folders";

const TAKEN = [
  "/products/aurora-anc-headphones.webp",
  "/products/lamp.png",
  "/hero/hero-1.webp",
  "/categories/books-1.webp",
  "/v/400/products/x.webp",
  "/products/sub/x.jpg",
];
const REFUSED = [
  "/api/events",
  "/api/cart",
  "/",
  "/search?q=x",
  "/favicon.svg",
  "/og-image.jpg",
  "/productsx/a.webp",
  "/products/a.webp?x=1",
  "/_next/image?url=/products/a.webp",
  "https://images.example.com/a.jpg",
];

describe("the optimizer's local images", () => {
  it("are the variant sources' folders and the variants' own", () => {
    assert.deepEqual([...IMAGE_FOLDERS].sort(), ["categories", "hero", "products", "v"]);
  });

  it("are taken under those folders only, by Next's own matcher", () => {
    for (const src of TAKEN) assert.equal(hasLocalMatch(OPTIMIZER_LOCAL_PATTERNS, src), true, src);
    for (const src of REFUSED.filter((s) => s.startsWith("/"))) assert.equal(hasLocalMatch(OPTIMIZER_LOCAL_PATTERNS, src), false, src);
  });

  it("are what SiteImage sends to the optimizer; the rest it shows as they are", () => {
    for (const src of TAKEN) assert.equal(optimizable(src), true, src);
    for (const src of REFUSED) assert.equal(optimizable(src), false, src);
  });
});
