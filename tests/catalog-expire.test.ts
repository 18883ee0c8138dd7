/**
 * How a store listener expires the cached catalogue (lib/catalog/expire-in-
 * process.ts), checked against Next's own built-in 'use cache' handler, the
 * one `next start` uses. Next's public functions cannot do it from a listener
 * callback (shown first); what they would queue, this applies directly, with
 * updateTag's semantics: the entry is gone, so the next request renders
 * afresh and waits (read-your-writes). `revalidateTag(tag, "max")` would only
 * mark it stale and serve it once more, shown last for contrast.
 */
import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";
import { revalidateTag } from "next/cache";
import { createDefaultCacheHandler } from "next/dist/server/lib/cache-handlers/default";
import type { CacheEntry, CacheHandler } from "next/dist/server/lib/cache-handlers/types";
import { expireTagInThisProcess } from "@/lib/catalog/expire-in-process";

const HANDLERS = Symbol.for("@next/cache-handlers-set");
type Globals = typeof globalThis & { [HANDLERS]?: Set<CacheHandler>; __incrementalCache?: unknown };
const g = globalThis as Globals;

let n = 0;
/** A handler holding one catalogue entry rendered a second ago, as `next start` would have it. */
async function handlerWithCatalogEntry(tag: string): Promise<{ handler: CacheHandler; key: string }> {
  const handler = createDefaultCacheHandler(1024 * 1024);
  const key = `catalog-entry-${++n}`;
  const entry: CacheEntry = {
    value: new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("[the old catalogue]"));
        controller.close();
      },
    }),
    tags: [tag],
    stale: 300,
    timestamp: performance.timeOrigin + performance.now() - 1000,
    expire: 3600,
    revalidate: 900,
  };
  await handler.set(key, Promise.resolve(entry));
  assert.ok(await handler.get(key, []), "the entry is cached to begin with");
  return { handler, key };
}

afterEach(() => {
  delete g[HANDLERS];
  delete g.__incrementalCache;
});

describe("expiring the catalogue from a listener callback", () => {
  it("cannot use revalidateTag: outside a request Next has nowhere to queue it", () => {
    assert.throws(() => revalidateTag("catalog", { expire: 0 }), /static generation store missing/);
  });

  it("removes the cached entry from every 'use cache' handler: the next read misses and waits for fresh data", async () => {
    const { handler, key } = await handlerWithCatalogEntry("catalog-a");
    const other = await handlerWithCatalogEntry("catalog-a");
    g[HANDLERS] = new Set([handler, other.handler]);
    await expireTagInThisProcess("catalog-a");
    // Next rounds the expiry time to the millisecond (up, half the time) and
    // counts an entry expired once that time has come: a read in the same
    // half-millisecond still hits. A tab's refresh comes 150 ms later at least.
    await new Promise((resolve) => setTimeout(resolve, 2));
    assert.equal(await handler.get(key, []), undefined);
    assert.equal(await other.handler.get(other.key, []), undefined);
  });

  it("expires only that tag", async () => {
    const { handler, key } = await handlerWithCatalogEntry("something-else");
    g[HANDLERS] = new Set([handler]);
    await expireTagInThisProcess("catalog-b");
    assert.ok(await handler.get(key, []));
  });

  it("tells the page cache too, as Next does at the end of a request", async () => {
    const expired: string[][] = [];
    g.__incrementalCache = { revalidateTag: async (tags: string[]) => void expired.push(tags) };
    await expireTagInThisProcess("catalog-c");
    assert.deepEqual(expired, [["catalog-c"]]);
  });

  it("does nothing, and does not fail, before the process has served a request (no handlers yet)", async () => {
    await expireTagInThisProcess("catalog-d");
  });

  it("for contrast, 'max' (stale-while-revalidate) would serve the old entry once more", async () => {
    const { handler, key } = await handlerWithCatalogEntry("catalog-e");
    // What revalidateTag(tag, "max") hands the handler: expire in a year.
    await handler.updateTags(["catalog-e"], { expire: 365 * 24 * 3600 });
    const served = await handler.get(key, []);
    assert.ok(served, "still served");
    assert.equal(served.revalidate, -1, "only marked for a background refresh");
  });
});
