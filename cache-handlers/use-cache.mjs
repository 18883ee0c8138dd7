// The handler of 'use cache' entries (next.config.ts `cacheHandlers`, Next's
// documented CacheHandler interface): entries in this process's memory, tag
// expiry from tag-state.mjs, which the shop's catalogue feed keeps up to date
// with changes made on any instance. So several self-hosted instances agree
// on what is expired without sharing their entries, and nothing calls into
// Next's internals.

import { MemoryLru } from "./memory-lru.mjs";
import { expireTags, isExpired, latestExpiry, now, refreshTagState } from "./tag-state.mjs";

/** Next's default memory budget for its own 'use cache' handler (cacheMaxMemorySize). */
const MAX_BYTES = 50 * 1024 * 1024;

const entries = new MemoryLru(MAX_BYTES);
/** Entries still being written: a get waits for them (the interface's rule). */
const pending = new Map();

async function readAll(stream) {
  const chunks = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

function streamOf(chunks) {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

/** @type {import("next/dist/server/lib/cache-handlers/types").CacheHandler} */
const handler = {
  async get(cacheKey) {
    await pending.get(cacheKey);
    const stored = entries.get(cacheKey);
    if (!stored) return undefined;
    const { entry, chunks } = stored;
    // Past its revalidate time an entry is dropped (as Next's own handler does in production).
    if (now() > entry.timestamp + entry.revalidate * 1000 || isExpired(entry.tags, entry.timestamp)) {
      entries.delete(cacheKey);
      return undefined;
    }
    return { ...entry, value: streamOf(chunks) };
  },

  async set(cacheKey, pendingEntry) {
    let done;
    pending.set(cacheKey, new Promise((resolve) => (done = resolve)));
    try {
      const entry = await pendingEntry;
      // An `expire: 0` entry is dynamic: Next regenerates it on every read, so it is not kept.
      if (entry.expire === 0) return;
      const chunks = await readAll(entry.value);
      const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
      entries.set(cacheKey, { entry: { ...entry, value: undefined }, chunks }, size + cacheKey.length);
    } catch {
      // A render that failed part-way is not kept (its error reaches the
      // request that rendered it); the next request renders again.
    } finally {
      pending.delete(cacheKey);
      done();
    }
  },

  refreshTags: refreshTagState,

  async getExpiration(tags) {
    return latestExpiry(tags);
  },

  async updateTags(tags) {
    expireTags(tags);
  },
};

export default handler;
