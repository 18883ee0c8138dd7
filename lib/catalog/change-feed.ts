/**
 * One subscription to the store's catalogue feed that, on every change,
 * first expires this process's cached catalogue and only then tells its own
 * subscribers (the open /api/events streams). A tab that refreshes on the
 * `catalog` event therefore never gets the page it already had, whichever
 * process made the change. Kept free of Next and of the store's location so
 * the ordering can be tested with fakes (tests/catalog-change-feed.test.ts).
 *
 * A render that started before the change and finished after the expiry
 * (a page regenerating in the background, a prefetch) is stored as fresh
 * although it holds the old catalogue: the cache cannot tell it from a
 * render that started after. Seen under load as a tab that refreshed on the
 * event and still showed the old page. So `settleMs` after the last change
 * the cache is expired once more and the streams told again: whatever raced
 * the first expiry is gone by then, and a tab that already shows the new
 * catalogue refreshes to the same page.
 */
import type { Unsubscribe } from "@/lib/data/types";

export interface CatalogChangeFeed {
  /** Called after each change, once the cached catalogue has been expired. */
  subscribe(listener: () => void): Unsubscribe;
  /** Stops watching the store (tests, shutdown). */
  stop(): void;
}

export interface CatalogChangeFeedDeps {
  /** The store's catalogue feed (Store.watchCatalog). */
  watch(onChange: () => void): Unsubscribe;
  /** Expires the cached catalogue in this process. */
  expire(): Promise<void>;
  /** Where a failed expiry is reported. */
  onError?(error: unknown): void;
  /** How long after the last change the second expiry and notice come (ms). */
  settleMs?: number;
}

/** Longer than a page render takes under load here (about 0.4 s seen), short enough to go unnoticed. */
export const CATALOG_SETTLE_MS = 2_000;

export function createCatalogChangeFeed({
  watch,
  expire,
  onError = console.error,
  settleMs = CATALOG_SETTLE_MS,
}: CatalogChangeFeedDeps): CatalogChangeFeed {
  const listeners = new Set<() => void>();
  // Changes are handled one after another, each expiry before its notice.
  let queue: Promise<void> = Promise.resolve();
  let settleTimer: ReturnType<typeof setTimeout> | undefined;

  const notify = () => {
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        onError(error);
      }
    }
  };

  const expireThenNotify = () => {
    queue = queue.then(async () => {
      try {
        await expire();
      } catch (error) {
        // Still tell the tabs: the change happened, and the cache's own
        // lifetime (cacheLife) bounds how long the old catalogue can show.
        onError(error);
      }
      notify();
    });
  };

  const unwatch = watch(() => {
    expireThenNotify();
    // One settling pass after a burst of changes (an import), not one per change.
    clearTimeout(settleTimer);
    settleTimer = setTimeout(expireThenNotify, settleMs);
    settleTimer.unref?.();
  });

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      unwatch();
      clearTimeout(settleTimer);
      listeners.clear();
    },
  };
}
