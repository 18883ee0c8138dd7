/**
 * Expires the catalogue tag in this server process from anywhere, a store
 * listener's callback included, where Next's own functions cannot run:
 * `updateTag` is for server actions only, and `revalidateTag` outside a
 * request throws "Invariant: static generation store missing" (both need the
 * request's work store, and only queue the tag there; Next applies the queue
 * when the request ends).
 *
 * So this does what Next does with that queue when a request ends
 * (next/dist/server/revalidation-utils.js, executeRevalidates, checked on
 * 16.4.5) for an `updateTag`, i.e. immediate expiry:
 * - every 'use cache' handler gets `updateTags([tag])` (no durations: expired
 *   now; the built-in in-memory handler records it in the process's tags
 *   manifest, which the page cache of prerendered pages reads too);
 * - the incremental (page) cache gets `revalidateTag([tag])`, for a custom
 *   page cache handler that keeps its own tag state.
 * The next request for any page built from the catalogue then renders afresh
 * and waits for it (read-your-writes), as after updateTag. `revalidateTag(tag,
 * "max")` would only mark it stale: the next request would still get the old
 * page while a new one renders in the background, which is what a refresh
 * after the `catalog` event must never see.
 *
 * Both handles are the ones Next itself keeps on globalThis so that every copy
 * of its modules shares them. Before this process has served its first
 * request they may not exist yet; then there is nothing in memory to expire,
 * and the pages prerendered at build time age out by their cacheLife.
 */
import "server-only";

interface TagExpirer {
  updateTags?(tags: string[]): Promise<void> | void;
}
interface PageCache {
  revalidateTag?(tags: string[]): Promise<void> | void;
}

const CACHE_HANDLERS = Symbol.for("@next/cache-handlers-set");

type NextGlobals = typeof globalThis & {
  [CACHE_HANDLERS]?: Set<TagExpirer>;
  __incrementalCache?: PageCache;
};

export async function expireTagInThisProcess(tag: string): Promise<void> {
  const g = globalThis as NextGlobals;
  const pending: Array<Promise<void> | void> = [];
  for (const handler of g[CACHE_HANDLERS] ?? []) pending.push(handler.updateTags?.([tag]));
  pending.push(g.__incrementalCache?.revalidateTag?.([tag]));
  await Promise.all(pending);
}

/** Whether Next has set up this process's caches yet (it does so on the first request a route serves). */
export function nextCachesExist(): boolean {
  return ((globalThis as NextGlobals)[CACHE_HANDLERS]?.size ?? 0) > 0;
}
