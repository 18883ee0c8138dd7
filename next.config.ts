import type { NextConfig } from "next";
import { ROUTE_CACHE_MAX_BYTES } from "./cache-handlers/kept-pages.mjs";
import { OPTIMIZER_LOCAL_PATTERNS } from "./lib/images/folders";
import { ACTION_BODY_LIMITS } from "./lib/security/action-limits";
import { publicEnv } from "./lib/public-env";
import { securityHeaders } from "./lib/security/headers";
import { servedOverHttps } from "./lib/security/https";
import { privatePageHeaders } from "./lib/security/private-pages";

// Vercel runs the shop on Firestore only (lib/data/index.ts refuses SQLite
// there), yet the SQLite adapter is imported on one branch: left alone, the
// tracer ships better-sqlite3's native binary in every function. Turbopack
// does not apply outputFileTracingExcludes, so on Vercel the package is
// bundled as a module that only throws. `npm run test:vercel` checks it.
const onVercel = Boolean(process.env.VERCEL);

const nextConfig: NextConfig = {
  // 'use cache' + cacheTag for catalogue reads; pages prerender around them.
  cacheComponents: true,
  // Self-hosted, 'use cache' entries live in the shop's own handler
  // (cache-handlers/use-cache.mjs): in each process's memory, with tag expiry
  // from the store's catalogue feed, so every instance drops what a change on
  // any instance touched. On Vercel the platform's handlers serve instead.
  cacheHandlers: onVercel ? undefined : { default: require.resolve("./cache-handlers/use-cache.mjs") },
  // Self-hosted, pages rendered while the shop runs (a new search, a product
  // added after the build) are kept in each process's memory only, at most
  // ROUTE_CACHE_MAX_BYTES, least recently used out first, and a page a
  // stranger can make up (a 404, a search that found nothing) is not kept
  // (cache-handlers/route-cache.mjs): what strangers can make the shop store
  // is bounded, on disk nothing. On Vercel the platform's cache serves.
  cacheHandler: onVercel ? undefined : require.resolve("./cache-handlers/route-cache.mjs"),
  cacheMaxMemorySize: ROUTE_CACHE_MAX_BYTES,
  experimental: {
    isrFlushToDisk: false,
    // Turbopack's build cache (distDir/cache/turbopack, Next 16.4's default) makes
    // the next build of the same folder faster, and costs every build a third
    // more CPU plus ~25 s writing it. A build whose folder is never built again
    // (CI's fresh clone: .ci/run; the Vercel check's throwaway copy) is built
    // without it (STOREFRONT_BUILD_CACHE=off); the output is the same. Vercel
    // keeps the cache between deploys, so it stays on everywhere else.
    turbopackFileSystemCacheForBuild: process.env.STOREFRONT_BUILD_CACHE !== "off",
    // Next's own limit is the largest any action may send, an admin's product
    // form with its photo; proxy.ts keeps every other action at 1 MB
    // (lib/security/action-limits.ts).
    serverActions: { bodySizeLimit: ACTION_BODY_LIMITS.admin },
  },
  partialPrefetching: true,
  // Native addon: loaded from node_modules at run time, never bundled (off Vercel).
  serverExternalPackages: onVercel ? [] : ["better-sqlite3"],
  turbopack: onVercel ? { resolveAlias: { "better-sqlite3": "./lib/data/sqlite/not-on-vercel.ts" } } : {},
  // The end-to-end suite builds into its own folder so it never clobbers (or
  // serves) a developer's build made against another database.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // The end-to-end builds skip Next's own TypeScript pass (scripts/e2e.mjs
  // sets the mark): npm test type-checks the same sources once, first
  // (tsc --noEmit). Every other build, Vercel's included, runs it.
  typescript: { ignoreBuildErrors: process.env.STOREFRONT_SOURCES_TYPECHECKED === "1" },
  // No ETag: Next hashes the whole page in JavaScript on every request to
  // make one (a sixth of the CPU a home page view costs, profiled in
  // docs/BENCHMARKS.md), to save a browser 14 kB of gzip on a revisit.
  generateEtags: false,
  // No experimental.sri: with Turbopack (Next 16's default bundler) it adds
  // no integrity attributes (checked on this build); docs/SECURITY.md.
  reactStrictMode: true,
  images: {
    // WebP only: the sources are WebP already, and encoding AVIF on first
    // request costs seconds of CPU per variant on a small server, delaying
    // everything else it serves (live updates included).
    formats: ["image/webp"],
    // Fewer widths than Next's defaults (8 device + 7 image sizes): every
    // width is one more URL in each image's srcset, and the home page lists
    // 52 images (with the defaults, srcset is 42 KB of its 161 KB of HTML). Cards render at
    // 140-300 CSS px, so 400/640/828 cover them up to 2x and phones at full
    // width; 1200/1920 cover the full-width hero; 96/192 the cart thumbnails.
    deviceSizes: [640, 828, 1200, 1920],
    imageSizes: [96, 192, 400],
    // No remotePatterns on purpose: admin-entered https images are shown
    // unoptimized, so the image optimizer never becomes an open proxy.
    // Local images from the shop's image folders only (lib/images/folders.ts):
    // left open, /_next/image?url=/api/events would fetch the live stream,
    // which never ends, and hang; anything else is a 400 at once.
    localPatterns: OPTIMIZER_LOCAL_PATTERNS,
  },
  // Decided when the build runs (Next writes headers() into the build's
  // routes manifest): build with the production NEXTAUTH_URL (Vercel sets
  // VERCEL at build time). docs/SECURITY.md explains each header. The
  // admin's pages are never cached (lib/security/private-pages.ts).
  async headers() {
    const headers = securityHeaders({
      https: servedOverHttps(process.env),
      development: process.env.NODE_ENV === "development",
      firebaseAuthDomain: publicEnv.firebase.authDomain,
      authEmulatorHost: publicEnv.authEmulatorHost,
      localBuild: process.env.STOREFRONT_LOCAL === "1",
    });
    return [{ source: "/:path*", headers }, ...privatePageHeaders()];
  },
};

export default nextConfig;
