// The page cache's handler (next.config.ts `cacheHandler`, Next's documented
// incremental cache interface): prerendered pages, route handlers' responses
// (the sitemap) and their tags, kept in this process's memory, with tag
// expiry from tag-state.mjs, which the shop's catalogue feed keeps up to date
// with changes made on any instance. A page whose tags (its own, and those of
// the 'use cache' entries it was built from, which Next lists in its
// x-next-cache-tags header) expired after it was stored is a miss: the next
// request renders it afresh and waits for it.
//
// Entries live in memory only: a starting process renders each page on its
// first request, from the catalogue as it is then, so a page prerendered by
// the build before a later change is never served.

import { MemoryLru } from "./memory-lru.mjs";
import { expireTags, isExpired, now } from "./tag-state.mjs";

/** Next's default memory budget for its page cache (cacheMaxMemorySize). */
const MAX_BYTES = 50 * 1024 * 1024;
const TAGS_HEADER = "x-next-cache-tags";

const entries = new MemoryLru(MAX_BYTES);

const bufferSize = (buffer) => buffer?.length ?? 0;

/** A rough size of a stored value, as Next's own memory cache estimates it. */
function sizeOf(value) {
  if (!value) return 25;
  switch (value.kind) {
    case "APP_PAGE": {
      let segments = 0;
      for (const [path, buffer] of value.segmentData ?? []) segments += path.length + bufferSize(buffer);
      return Math.max(1, (value.html?.length ?? 0) + bufferSize(value.rscData) + (value.postponed?.length ?? 0) + segments);
    }
    case "APP_ROUTE":
      return bufferSize(value.body);
    case "FETCH":
      return JSON.stringify(value.data ?? "").length;
    default:
      return (value.html?.length ?? 0) + (JSON.stringify(value.pageData ?? value.props ?? "")?.length ?? 0);
  }
}

function tagsOf(value, ctx) {
  const header = value?.headers?.[TAGS_HEADER];
  const fromHeader = typeof header === "string" ? header.split(",") : [];
  return [...(ctx?.tags ?? []), ...fromHeader];
}

export default class PageCacheHandler {
  constructor() {}

  async get(key) {
    const stored = entries.get(key);
    if (!stored) return null;
    if (isExpired(stored.tags, stored.lastModified)) {
      entries.delete(key);
      return null;
    }
    return { lastModified: stored.lastModified, value: stored.value };
  }

  async set(key, data, ctx) {
    if (data === null) {
      entries.delete(key);
      return;
    }
    const lastModified = now();
    entries.set(key, { lastModified, value: data, tags: tagsOf(data, ctx) }, key.length + sizeOf(data));
  }

  async revalidateTag(tags) {
    expireTags(Array.isArray(tags) ? tags : [tags]);
  }

  resetRequestCache() {}
}
