// The self-hosted page cache (next.config.ts `cacheHandler`: Next's
// documented handler of pages and route responses, not of 'use cache'
// entries, which use-cache.mjs keeps). It is Next's own file-system cache,
// which also serves the pages the build prerendered, with two bounds on
// what strangers can make it store:
// - nothing is written to disk: next.config.ts sets isrFlushToDisk false,
//   so a page rendered while the shop runs lives in this process's memory
//   only, in Next's LRU bounded by cacheMaxMemorySize bytes, the least
//   recently used out first. (Written to disk, every made-up search and id
//   added a folder of files until the disk filled: 3.2 to 14 MB in one probe
//   session.) A restarted process renders such pages again on first view;
//   the build's own pages are read from the build as before;
// - a page a stranger can make up at will is not kept at all
//   (kept-pages.mjs: a 404, a search that found nothing), and the entry a
//   path held before is dropped, so a page that became a 404 (a deleted
//   product) is not served from its stale copy.
// On Vercel the platform's cache serves instead (next.config.ts).
import { createRequire } from "node:module";
import { keptPage } from "./kept-pages.mjs";

const require = createRequire(import.meta.url);
const NextFileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache.js").default;

export default class RouteCache extends NextFileSystemCache {
  async set(key, data, ctx) {
    if (keptPage(key, data)) return super.set(key, data, ctx);
    NextFileSystemCache.memoryCache?.remove(key);
  }
}
