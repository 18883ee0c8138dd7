/**
 * One subscription to the store's catalogue feed that, on every change,
 * first expires in this process the tags of what changed (tags.ts) and only
 * then tells its own subscribers (the open /api/events streams) the version
 * and those tags. A tab that refreshes on the `catalog` event therefore never
 * gets the page it already had, whichever process made the change. Kept free
 * of Next and of the store's location so the ordering can be tested with
 * fakes (tests/catalog-change-feed.test.ts).
 *
 * A page render that started before the change and finished after the
 * expiry (a page regenerating in the background, a prefetch) is stored as
 * fresh although it holds the old catalogue: a page cache cannot tell it
 * from a render that started after. So `settleMs` after the last change of a
 * burst, the burst's tags are expired once more and the streams told again:
 * whatever raced the first expiry is gone by then, and a tab that already
 * shows the new catalogue does nothing (its marks carry the version).
 */
import type { CatalogChanges, Unsubscribe } from "@/lib/data/types";
import { tagsOfChanges } from "./tags";

/** What a change expired: the catalogue's version after it, and the tags (tags.ts). */
export interface CatalogNotice {
  version: number;
  tags: string[];
}

export interface CatalogChangeFeed {
  /** Called after each change, once its tags have been expired here. */
  subscribe(listener: (notice: CatalogNotice) => void): Unsubscribe;
  /** Stops watching the store (tests, shutdown). */
  stop(): void;
}

interface CatalogChangeFeedDeps {
  /** The store's catalogue feed (Store.watchCatalog). */
  watch(onChange: (changes: CatalogChanges) => void): Unsubscribe;
  /** Expires these tags in this process's caches. */
  expire(tags: readonly string[]): Promise<void> | void;
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
  const listeners = new Set<(notice: CatalogNotice) => void>();
  // Changes are handled one after another, each expiry before its notice.
  let queue: Promise<void> = Promise.resolve();
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  /** The tags of the burst the settling pass expires again. */
  let burst = new Set<string>();

  const notify = (notice: CatalogNotice) => {
    for (const listener of [...listeners]) {
      try {
        listener(notice);
      } catch (error) {
        onError(error);
      }
    }
  };

  const expireThenNotify = (notice: CatalogNotice) => {
    queue = queue.then(async () => {
      try {
        await expire(notice.tags);
      } catch (error) {
        // Still tell the tabs: the change happened, and the cache's own
        // lifetime (cacheLife) bounds how long the old catalogue can show.
        onError(error);
      }
      notify(notice);
    });
  };

  const unwatch = watch((changes) => {
    const tags = tagsOfChanges(changes.changes);
    expireThenNotify({ version: changes.version, tags });
    for (const tag of tags) burst.add(tag);
    // One settling pass after a burst of changes, not one per change.
    clearTimeout(settleTimer);
    settleTimer = setTimeout(() => {
      const settled = [...burst];
      burst = new Set();
      expireThenNotify({ version: changes.version, tags: settled });
    }, settleMs);
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
