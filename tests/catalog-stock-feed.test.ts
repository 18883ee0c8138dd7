/**
 * The stock feed (lib/catalog/stock-feed.ts) without a browser: each change
 * the store reports expires the `product:<id>` tags of exactly those
 * products and the pages "in stock only" (`in-stock`), in order, once more after the burst settles, and a failed expiry
 * is reported without stopping the next one.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createStockShownFeed } from "@/lib/catalog/stock-feed";

function fakeStockFeed() {
  const subscribers = new Set<(productIds: string[]) => void>();
  return {
    watch(onChange: (productIds: string[]) => void) {
      subscribers.add(onChange);
      return () => {
        subscribers.delete(onChange);
      };
    },
    change(productIds: string[]) {
      for (const s of subscribers) s(productIds);
    },
    get subscriptions() {
      return subscribers.size;
    },
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds, failing after `ms` (timers here run late on a loaded machine). */
async function until(done: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) assert.fail(`not done within ${ms} ms`);
    await wait(5);
  }
}

describe("stock feed", () => {
  it("expires only the changed products' tags, in order, then the burst once more after it settles", async () => {
    const store = fakeStockFeed();
    const expired: string[][] = [];
    const feed = createStockShownFeed({
      watch: store.watch,
      expire: async (tags) => {
        await wait(5);
        expired.push([...tags]);
      },
      settleMs: 1_000,
    });
    store.change(["book-1", "book-1"]);
    store.change(["album-2"]);
    await until(() => expired.length >= 2, 900);
    assert.deepEqual(
      expired.slice(0, 2),
      [
        ["product:book-1", "in-stock"],
        ["product:album-2", "in-stock"],
      ],
      "each change at once, before the burst settles",
    );
    await until(() => expired.length >= 3, 5_000);
    assert.deepEqual(expired.slice(2), [["product:book-1", "in-stock", "product:album-2"]]);
    feed.stop();
    assert.equal(store.subscriptions, 0);
  });

  it("reports a failed expiry and still expires the next change", async () => {
    const store = fakeStockFeed();
    const errors: unknown[] = [];
    const expired: string[] = [];
    let first = true;
    const feed = createStockShownFeed({
      watch: store.watch,
      expire: (tags) => {
        if (first) {
          first = false;
          throw new Error("cache down");
        }
        expired.push(...tags);
      },
      onError: (error) => errors.push(error),
      settleMs: 1_000,
    });
    store.change(["book-1"]);
    store.change(["book-2"]);
    await until(() => expired.length >= 2, 2_000);
    feed.stop();
    assert.equal(errors.length, 1);
    assert.deepEqual(expired, ["product:book-2", "in-stock"]);
  });
});
