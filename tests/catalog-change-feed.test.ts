/**
 * Cross-instance catalogue invalidation, without a browser: the process-wide
 * change feed (lib/catalog/change-feed.ts) must expire the cached catalogue
 * before any open stream hears of the change, and hold one store
 * subscription however many streams listen; it expires and announces the
 * tags of what changed (lib/catalog/tags.ts). The expiry itself is the cache
 * handlers' (tests/cache-handlers.test.ts).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createCatalogChangeFeed, type CatalogNotice } from "@/lib/catalog/change-feed";
import type { CatalogChanges } from "@/lib/data/types";

/** A store catalogue feed the test fires by hand; each change edits one Book by default. */
function fakeCatalogFeed() {
  const subscribers = new Set<(changes: CatalogChanges) => void>();
  let version = 0;
  return {
    watch(onChange: (changes: CatalogChanges) => void) {
      subscribers.add(onChange);
      return () => {
        subscribers.delete(onChange);
      };
    },
    change(products: string[] | null = ["book-1"]) {
      version += 1;
      const changes: CatalogChanges = { version, changes: [{ version, products, types: [], listed: false }] };
      for (const s of subscribers) s(changes);
    },
    get subscriptions() {
      return subscribers.size;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("catalogue change feed", () => {
  it("expires the cache before it tells any stream, on every change", async () => {
    const store = fakeCatalogFeed();
    const log: string[] = [];
    let expiries = 0;
    const feed = createCatalogChangeFeed({
      watch: store.watch,
      expire: async () => {
        const n = ++expiries;
        log.push(`expire ${n} started`);
        await settle(); // an expiry that takes a while (a shared cache's write)
        log.push(`expire ${n} done`);
      },
    });
    feed.subscribe(() => log.push("stream A told"));
    feed.subscribe(() => log.push("stream B told"));

    store.change();
    store.change();
    await settle();
    await settle();
    await settle();

    assert.deepEqual(log, [
      "expire 1 started",
      "expire 1 done",
      "stream A told",
      "stream B told",
      "expire 2 started",
      "expire 2 done",
      "stream A told",
      "stream B told",
    ]);
  });

  it("expires even when no stream is open: an instance without tabs still drops its stale catalogue", async () => {
    const store = fakeCatalogFeed();
    let expiries = 0;
    createCatalogChangeFeed({ watch: store.watch, expire: async () => void expiries++ });
    store.change();
    await settle();
    assert.equal(expiries, 1);
  });

  it("holds one store subscription for any number of streams, and drops it on stop", () => {
    const store = fakeCatalogFeed();
    const feed = createCatalogChangeFeed({ watch: store.watch, expire: async () => {} });
    const unsubscribers = Array.from({ length: 100 }, () => feed.subscribe(() => {}));
    assert.equal(store.subscriptions, 1);
    unsubscribers.forEach((u) => u());
    assert.equal(store.subscriptions, 1, "the process keeps listening with no tab open");
    feed.stop();
    assert.equal(store.subscriptions, 0);
  });

  it("still tells the streams when the expiry fails, and reports the failure", async () => {
    const store = fakeCatalogFeed();
    const errors: unknown[] = [];
    let told = 0;
    const feed = createCatalogChangeFeed({
      watch: store.watch,
      expire: async () => {
        throw new Error("cache unreachable");
      },
      onError: (error) => errors.push(error),
    });
    feed.subscribe(() => told++);
    store.change();
    await settle();
    assert.equal(told, 1);
    assert.match(String(errors[0]), /cache unreachable/);
  });

  it("expires and tells once more after a burst of changes settles, for a render that raced the first expiry", async () => {
    const store = fakeCatalogFeed();
    const log: string[] = [];
    const feed = createCatalogChangeFeed({ watch: store.watch, expire: async () => void log.push("expire"), settleMs: 40 });
    feed.subscribe(() => log.push("told"));
    store.change();
    await settle();
    store.change(); // a second change within the window moves the settling pass, it does not add one
    await settle();
    assert.deepEqual(log, ["expire", "told", "expire", "told"]);
    await new Promise((resolve) => setTimeout(resolve, 80));
    assert.deepEqual(log, ["expire", "told", "expire", "told", "expire", "told"]);
    feed.stop();
  });

  it("expires and announces the tags of what changed, and the burst's tags again when it settles", async () => {
    const store = fakeCatalogFeed();
    const expired: string[][] = [];
    const told: CatalogNotice[] = [];
    const feed = createCatalogChangeFeed({ watch: store.watch, expire: (tags) => void expired.push([...tags]), settleMs: 30 });
    feed.subscribe((notice) => told.push(notice));
    store.change(["book-1"]);
    store.change(["book-2"]);
    await settle();
    assert.deepEqual(expired, [
      ["product:book-1", "search", "sitemap"],
      ["product:book-2", "search", "sitemap"],
    ]);
    assert.deepEqual(told.map((n) => n.version), [1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.deepEqual(expired.at(-1), ["product:book-1", "search", "sitemap", "product:book-2"]);
    assert.deepEqual(told.at(-1), { version: 2, tags: ["product:book-1", "search", "sitemap", "product:book-2"] });
    store.change(null);
    await settle();
    assert.deepEqual(expired.at(-1), ["catalog"], "a change of anything expires everything");
    feed.stop();
  });

  it("stop() cancels a pending settling pass", async () => {
    const store = fakeCatalogFeed();
    let expiries = 0;
    const feed = createCatalogChangeFeed({ watch: store.watch, expire: async () => void expiries++, settleMs: 20 });
    store.change();
    await settle();
    feed.stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(expiries, 1);
  });

  it("keeps telling the other streams when one of them throws", async () => {
    const store = fakeCatalogFeed();
    let told = 0;
    const feed = createCatalogChangeFeed({ watch: store.watch, expire: async () => {}, onError: () => {} });
    feed.subscribe(() => {
      throw new Error("a broken stream");
    });
    feed.subscribe(() => told++);
    store.change();
    await settle();
    assert.equal(told, 1);
  });
});
