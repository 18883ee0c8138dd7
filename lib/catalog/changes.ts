/**
 * This process's catalogue change feed (change-feed.ts), started once per
 * process and kept on globalThis: Next bundles routes and instrumentation
 * separately, and a per-module copy would start a second subscription.
 *
 * It is started when the server starts (instrumentation.ts, `register()`),
 * not by the first open tab: an instance with no open stream must still
 * learn of a change made elsewhere (another instance, the seed script) and
 * expire its cache, or its next visitor would get the old catalogue for up
 * to cacheLife("hours"). The events route also asks for it, which starts
 * it if startup could not (the store was unreachable then).
 *
 * On Vercel the page cache is shared by all instances and a server action's
 * updateTag already expires the tag for all of them. There, each instance
 * that happens to hold a live listener expires the same tag again when it
 * sees the change: redundant but harmless. It costs one tag write per live
 * instance per change and, when those writes are spread out, up to one extra
 * re-render of each catalogue page per instance (a page re-rendered after the
 * first expiry is expired again by a later one). Serverless instances only
 * run their listener while they serve a request (an open stream), so changes
 * made outside the app reach the shared cache through whichever instance is
 * streaming, and cacheLife bounds the rest.
 */
import "server-only";
import { getStore } from "@/lib/data";
import { serverEnv } from "@/lib/env";
import { createCatalogChangeFeed, type CatalogChangeFeed } from "./change-feed";
import { expireTagInThisProcess, nextCachesExist } from "./expire-in-process";
import { CATALOG_TAG } from "./read";

const GLOBAL_KEY = Symbol.for("storefront.catalog-changes");
type GlobalWithFeed = typeof globalThis & { [GLOBAL_KEY]?: Promise<CatalogChangeFeed> };

export function catalogChanges(): Promise<CatalogChangeFeed> {
  const g = globalThis as GlobalWithFeed;
  if (!g[GLOBAL_KEY]) {
    g[GLOBAL_KEY] = getStore()
      .then((store) =>
        createCatalogChangeFeed({
          watch: (onChange) => store.watchCatalog(onChange),
          expire: () => expireTagInThisProcess(CATALOG_TAG),
          onError: (error) => console.error("Could not expire the cached catalogue", error),
        }),
      )
      .catch((error) => {
        delete g[GLOBAL_KEY]; // The next caller tries again.
        throw error;
      });
  }
  return g[GLOBAL_KEY];
}

/**
 * Pages rendered before this process started (the build's prerenders, or a
 * previous process's pages on disk) may show a catalogue that changed while
 * no process was watching: a seed or import run while the shop was stopped,
 * a product added by a previous run after the build. With a catalogue cache
 * that lives hours they would be served as fresh for up to that long. So a
 * starting process expires the tag once, as soon as Next has made its caches
 * (on the first request: until then there is nothing to expire in), and each
 * catalogue page renders afresh on its next request. A tab given the old page
 * by that first request is refreshed by the live feed's version check
 * (lib/live/catalog-catch-up.ts). Not on Vercel, where the page cache is
 * shared by every instance and a deploy prerenders from the current
 * catalogue: an expiry per instance start would re-render every page at each
 * cold start.
 */
export function expireCatalogFromBeforeThisProcess(pollMs = 25): void {
  if (serverEnv().VERCEL) return;
  const timer = setInterval(() => {
    if (!nextCachesExist()) return;
    clearInterval(timer);
    expireTagInThisProcess(CATALOG_TAG).catch((error: unknown) =>
      console.error("Could not expire the catalogue cached before this process started", error),
    );
  }, pollMs);
  timer.unref?.();
}
