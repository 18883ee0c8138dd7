/**
 * One subscription to the store's stock feed (StockStore.watchStock) that
 * expires, in this process, the `product:<id>` tags of the products whose
 * shown stock changed, and the pages "in stock only" (tags.ts stockTags) (lib/data/rules/stock-shown.ts), wherever the write was made
 * (a sale on another instance, a cancel on the desk, the operator's
 * setStock). As the catalogue's feed (change-feed.ts) does, it expires a
 * burst's tags once more `settleMs` after its last change: a page render
 * that started before the write and finished after the first expiry would
 * otherwise be kept as fresh with the old stock. Kept free of Next and of
 * the store's location so it can be tested with fakes
 * (tests/catalog-stock-feed.test.ts).
 */
import "server-only";
import { log } from "@/lib/log";
import type { Unsubscribe } from "@/lib/data/contract/feeds";
import { CATALOG_SETTLE_MS } from "./change-feed";
import { stockTags } from "./tags";

export interface StockShownFeed {
  /** Stops watching the store (tests, shutdown). */
  stop(): void;
}

interface StockShownFeedDeps {
  /** The store's stock feed (StockStore.watchStock). */
  watch(onChange: (productIds: string[]) => void): Unsubscribe;
  /** Expires these tags in this process's caches. */
  expire(tags: readonly string[]): Promise<void> | void;
  /** Where a failed expiry is reported. */
  onError?(error: unknown): void;
  /** How long after the last change the second expiry comes (ms). */
  settleMs?: number;
}

export function createStockShownFeed({
  watch,
  expire,
  onError = (error) => log.error("stock.feed_expire_failed", "The stock feed could not expire a change", error),
  settleMs = CATALOG_SETTLE_MS,
}: StockShownFeedDeps): StockShownFeed {
  // Expiries run one after another, in the order the changes came.
  let queue: Promise<void> = Promise.resolve();
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let burst = new Set<string>();

  const expireInTurn = (tags: string[]) => {
    if (tags.length === 0) return;
    queue = queue.then(async () => {
      try {
        await expire(tags);
      } catch (error) {
        onError(error);
      }
    });
  };

  const unwatch = watch((productIds) => {
    const tags = stockTags(productIds);
    expireInTurn(tags);
    for (const tag of tags) burst.add(tag);
    clearTimeout(settleTimer);
    settleTimer = setTimeout(() => {
      const settled = [...burst];
      burst = new Set();
      expireInTurn(settled);
    }, settleMs);
    settleTimer.unref?.();
  });

  return {
    stop() {
      unwatch();
      clearTimeout(settleTimer);
    },
  };
}
