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
 *
 * It also remembers what it expired (expired-changes.ts): a page's mark
 * (read.ts) and an opening stream's `ready` (lib/live/catalog-ready.ts) are
 * answered from that, without a read. A change whose expiry failed is told
 * but not remembered: the version stays the last one expired here, and the
 * next change, out of step with it, starts the memory again.
 */
import "server-only";
import { log } from "@/lib/log";
import type { CatalogChanges } from "@/lib/data/contract/catalog";
import type { Unsubscribe } from "@/lib/data/contract/feeds";
import { createExpiredChanges, type CatalogExpiredHere } from "./expired-changes";
import { tagsOfChanges, type CatalogNotice } from "./tags";

export interface CatalogChangeFeed {
  /** Called after each change, once its tags have been expired here. */
  subscribe(listener: (notice: CatalogNotice) => void): Unsubscribe;
  /** The catalogue's version as this process has expired it; null until the store's listener has said where it starts. */
  version(): number | null;
  /**
   * The changes after `since` that this process has expired; null when it
   * cannot say (not listening yet, `since` older than what it keeps, or
   * newer than what it has heard): then the store knows.
   */
  changesSince(since: number): CatalogExpiredHere | null;
  /** Stops watching the store (tests, shutdown). */
  stop(): void;
}

interface CatalogChangeFeedDeps {
  /** The store's catalogue feed (Store.watchCatalog). */
  watch(onChange: (changes: CatalogChanges) => void, onListening: (version: number) => void): Unsubscribe;
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
  onError = (error) => log.error("catalog.feed_expire_failed", "The catalogue feed could not expire a change", error),
  settleMs = CATALOG_SETTLE_MS,
}: CatalogChangeFeedDeps): CatalogChangeFeed {
  const listeners = new Set<(notice: CatalogNotice) => void>();
  // Changes are handled one after another, each expiry before its notice.
  let queue: Promise<void> = Promise.resolve();
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  /** The tags of the burst the settling pass expires again. */
  let burst = new Set<string>();
  const memory = createExpiredChanges();

  const notify = (notice: CatalogNotice) => {
    for (const listener of [...listeners]) {
      try {
        listener(notice);
      } catch (error) {
        onError(error);
      }
    }
  };

  /** `changes`: a change from the store, remembered once expired; none for the settling pass. */
  const expireThenNotify = (notice: CatalogNotice, changes?: CatalogChanges) => {
    queue = queue.then(async () => {
      let expired = true;
      try {
        await expire(notice.tags);
      } catch (error) {
        // Still tell the tabs: the change happened, and the cache's own
        // lifetime (cacheLife) bounds how long the old catalogue can show.
        onError(error);
        expired = false;
      }
      if (changes && expired) memory.record(changes);
      notify(notice);
    });
  };

  const listening = (version: number) => {
    queue = queue.then(() => memory.start(version));
  };

  const unwatch = watch((changes) => {
    const tags = tagsOfChanges(changes.changes);
    expireThenNotify({ version: changes.version, tags }, changes);
    for (const tag of tags) burst.add(tag);
    // One settling pass after a burst of changes, not one per change.
    clearTimeout(settleTimer);
    settleTimer = setTimeout(() => {
      const settled = [...burst];
      burst = new Set();
      expireThenNotify({ version: changes.version, tags: settled });
    }, settleMs);
    settleTimer.unref?.();
  }, listening);

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: memory.version,
    changesSince: memory.changesSince,
    stop() {
      unwatch();
      clearTimeout(settleTimer);
      listeners.clear();
    },
  };
}
