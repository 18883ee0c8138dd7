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
import { createCatalogChangeFeed, type CatalogChangeFeed } from "./change-feed";
import { expireTagInThisProcess } from "./expire-in-process";
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
