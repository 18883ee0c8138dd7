/**
 * One subscription to the store's catalogue feed that, on every change,
 * first expires this process's cached catalogue and only then tells its own
 * subscribers (the open /api/events streams). A tab that refreshes on the
 * `catalog` event therefore never gets the page it already had, whichever
 * process made the change. Kept free of Next and of the store's location so
 * the ordering can be tested with fakes (tests/catalog-change-feed.test.ts).
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
}

export function createCatalogChangeFeed({ watch, expire, onError = console.error }: CatalogChangeFeedDeps): CatalogChangeFeed {
  const listeners = new Set<() => void>();
  // Changes are handled one after another, each expiry before its notice.
  let queue: Promise<void> = Promise.resolve();

  const notify = () => {
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        onError(error);
      }
    }
  };

  const unwatch = watch(() => {
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
  });

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      unwatch();
      listeners.clear();
    },
  };
}
