/**
 * This process's catalogue change feed (change-feed.ts), started once per
 * process and kept on globalThis: Next bundles routes and instrumentation
 * separately, and a per-module copy would start a second subscription.
 *
 * It is started when the server starts (instrumentation-node.ts), not by the
 * first open tab: an instance with no open stream must still learn of a
 * change made elsewhere (another instance, the import script) and expire what
 * it changed, or its next visitor would get the old page for up to
 * cacheLife("hours"). Expiry goes through documented interfaces only: the
 * 'use cache' handler's tag state (cache-handlers/tag-state.mjs, the handler
 * next.config.ts names; it awaits the feed's start before a request's first
 * cache read), then the page cache through this process's own revalidation
 * route (expire-here.ts).
 *
 * On Vercel the handlers are the platform's: there a shop write expires its
 * tags from its action (invalidate.ts), and a write from outside through the
 * revalidation route (app/api/revalidate/route.ts), which the import script
 * calls; the feed then only tells the open tabs.
 */
import "server-only";
import { log } from "@/lib/log";
import { expireTags, tagState } from "@/cache-handlers/tag-state.mjs";
import { getStore } from "@/lib/data";
import { serverEnv } from "@/lib/env";
import { createCatalogChangeFeed, type CatalogChangeFeed } from "./change-feed";
import { expireInThisProcess } from "./expire-here";
import { createStockShownFeed, type StockShownFeed } from "./stock-feed";
import { CATALOG_TAG } from "./tags";

const GLOBAL_KEY = Symbol.for("storefront.catalog-changes");
const STARTED_KEY = Symbol.for("storefront.catalog-changes.started");
const STOCK_KEY = Symbol.for("storefront.stock-shown-changes");

/** `start()` once per process, its promise kept on globalThis under `key`; after a failure the next caller tries again. */
function oncePerProcess<T>(key: symbol, start: () => Promise<T>): Promise<T> {
  const g = globalThis as typeof globalThis & Record<symbol, Promise<T> | undefined>;
  g[key] ??= start().catch((error: unknown) => {
    delete g[key];
    throw error;
  });
  return g[key];
}

/** Expires tags in this process: the 'use cache' handler's tag state, then (not on Vercel) the page cache. */
async function expireHere(tags: readonly string[]): Promise<void> {
  expireTags(tags);
  // Not on Vercel: there the page cache is the platform's, and a
  // write's own action or the revalidation route expires it.
  if (!serverEnv().VERCEL) await expireInThisProcess(tags);
}

export function catalogChanges(): Promise<CatalogChangeFeed> {
  return oncePerProcess(GLOBAL_KEY, async () => {
    const store = await getStore();
    const feed = createCatalogChangeFeed({
      watch: (onChange, onListening) => store.watchCatalog(onChange, onListening),
      expire: expireHere,
      onError: (error) => log.error("catalog.expire_failed", "Could not expire what the catalogue change touched", error),
    });
    (globalThis as typeof globalThis & Record<symbol, CatalogChangeFeed>)[STARTED_KEY] = feed;
    return feed;
  });
}

/**
 * The catalogue's version as this process has expired it (the feed's), or
 * null where no feed listens: during `next build`, and at a process's start
 * until the store's listener has answered. Never starts the feed.
 *
 * Null on Vercel too: there the cache is the platform's, shared by every
 * instance and expired by the writer's own action, not by this feed. A
 * version from a feed that had not heard the change yet would be cached
 * there older than the data beside it, and every tab showing that part would
 * refresh for nothing until the entry's life ended.
 */
export function catalogVersionExpiredHere(env: { VERCEL?: string } = serverEnv()): number | null {
  if (env.VERCEL) return null;
  const feed = (globalThis as typeof globalThis & Record<symbol, CatalogChangeFeed | undefined>)[STARTED_KEY];
  return feed?.version() ?? null;
}

/**
 * This process's stock feed (stock-feed.ts): the pages of the products whose
 * shown stock changed anywhere ("Only N left", "Out of stock") are expired
 * here, as a catalogue change's are, though the catalogue did not change.
 * Kept on globalThis and started with the catalogue's feed, for the same
 * reasons.
 */
export function stockShownChanges(): Promise<StockShownFeed> {
  return oncePerProcess(STOCK_KEY, async () => {
    const store = await getStore();
    return createStockShownFeed({
      watch: (onChange) => store.watchStock(onChange),
      expire: expireHere,
      onError: (error) => log.error("stock.expire_failed", "Could not expire the pages whose shown stock changed", error),
    });
  });
}

/**
 * Makes the cache handlers wait for this process's feeds (catalogue and
 * stock) before a request's first cache read: a request served before they
 * started could get a page older than a change made elsewhere meanwhile. A
 * feed that cannot start (the store is down) is logged by the handlers and
 * tried again next request.
 */
export function holdCacheReadsForTheFeed(): void {
  tagState().refresh = async () => {
    await Promise.all([catalogChanges(), stockShownChanges()]);
  };
}

/**
 * Pages rendered before this process started (the build's prerenders, or a
 * previous process's pages on disk) may show a catalogue that changed while
 * no process was watching: an import run while the shop was stopped, a
 * product added by a previous run after the build. So a starting process
 * expires them once, as soon as it listens. Not on Vercel, where a deploy
 * prerenders from the current catalogue and the page cache is shared: an
 * expiry per instance start would re-render every page at each cold start.
 */
export function expireCatalogFromBeforeThisProcess(): void {
  if (serverEnv().VERCEL) return;
  expireInThisProcess([CATALOG_TAG], { untilListening: true }).catch((error: unknown) =>
    log.error("catalog.start_expire_failed", "Could not expire the catalogue cached before this process started", error),
  );
}
