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
import { createCatalogChangeFeed } from "@/lib/catalog/change-feed";
import type { CatalogNotice } from "@/lib/catalog/tags";
import { RECENT_CATALOG_CHANGES } from "@/lib/data/rules/catalog-changes";
import type { CatalogChanges } from "@/lib/data/contract/catalog";

/**
 * A store catalogue feed the test fires by hand; each change edits one Book
 * by default. It says where it starts (version `startsAt`) as a store does,
 * unless `silent` (a listener that has not answered yet).
 */
function fakeCatalogFeed({ startsAt = 0, silent = false } = {}) {
  const subscribers = new Set<(changes: CatalogChanges) => void>();
  const waiting = new Set<(version: number) => void>();
  let version = startsAt;
  const report = (changes: CatalogChanges) => {
    for (const s of subscribers) s(changes);
  };
  return {
    watch(onChange: (changes: CatalogChanges) => void, onListening?: (version: number) => void) {
      subscribers.add(onChange);
      if (onListening && silent) waiting.add(onListening);
      else onListening?.(version);
      return () => {
        subscribers.delete(onChange);
      };
    },
    /** The listener's first answer, for a `silent` feed. */
    answer() {
      for (const onListening of waiting) onListening(version);
      waiting.clear();
    },
    change(products: string[] | null = ["book-1"]) {
      version += 1;
      report({ version, changes: [{ version, products, types: [], listed: false }] });
    },
    /** Several changes in one report, as a listener that fell behind sends them. */
    changes(count: number) {
      const changes = Array.from({ length: count }, (_, i) => ({
        version: version + i + 1,
        products: [`book-${version + i + 1}`],
        types: [],
        listed: false,
      }));
      version += count;
      report({ version, changes });
    },
    /** A report that more changed than is kept (a listener cut for a while). */
    gap(count: number) {
      version += count;
      report({ version, changes: null });
    },
    /** A report as the store sends it, whatever it says. */
    report,
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
    assert.deepEqual(
      told.map((n) => n.version),
      [1, 2],
    );
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

  describe("what it remembers: the version and the changes this process has expired", () => {
    const bookTags = (id: string) => [`product:${id}`, "search", "sitemap"];

    it("says nothing until the store's listener says where it starts, then that version with no changes", async () => {
      const store = fakeCatalogFeed({ startsAt: 7, silent: true });
      const feed = createCatalogChangeFeed({ watch: store.watch, expire: async () => {} });
      await settle();
      assert.equal(feed.version(), null);
      assert.equal(feed.changesSince(7), null);
      store.answer();
      await settle();
      assert.equal(feed.version(), 7);
      assert.deepEqual(feed.changesSince(7), { version: 7, changes: [] });
      assert.equal(feed.changesSince(6), null, "older than where it started: the store knows, not the feed");
      assert.equal(feed.changesSince(8), null, "newer than it has heard: a page from an instance ahead of this one");
      feed.stop();
    });

    it("takes a change as known only once its tags are expired here, before any stream is told", async () => {
      const store = fakeCatalogFeed({ startsAt: 3 });
      let finishExpiry = () => {};
      const feed = createCatalogChangeFeed({
        watch: store.watch,
        expire: () => new Promise<void>((resolve) => (finishExpiry = resolve)),
        settleMs: 10_000,
      });
      const seenWhenTold: Array<number | null> = [];
      feed.subscribe(() => seenWhenTold.push(feed.version()));
      await settle();
      store.change(["book-9"]);
      await settle();
      assert.equal(feed.version(), 3, "still expiring: the cache may still show version 3");
      assert.deepEqual(feed.changesSince(3), { version: 3, changes: [] });
      finishExpiry();
      await settle();
      assert.equal(feed.version(), 4);
      assert.deepEqual(feed.changesSince(3), { version: 4, changes: [{ version: 4, tags: bookTags("book-9") }] });
      assert.deepEqual(seenWhenTold, [4], "a stream told of the change finds it known");
      feed.stop();
    });

    it("keeps each change of a report apart, and answers from any version it knows", async () => {
      const store = fakeCatalogFeed({ startsAt: 10 });
      const feed = createCatalogChangeFeed({ watch: store.watch, expire: async () => {}, settleMs: 10_000 });
      store.changes(3);
      store.change(["book-x"]);
      await settle();
      assert.deepEqual(feed.changesSince(10), {
        version: 14,
        changes: [
          { version: 11, tags: bookTags("book-11") },
          { version: 12, tags: bookTags("book-12") },
          { version: 13, tags: bookTags("book-13") },
          { version: 14, tags: bookTags("book-x") },
        ],
      });
      assert.deepEqual(feed.changesSince(13), { version: 14, changes: [{ version: 14, tags: bookTags("book-x") }] });
      assert.deepEqual(feed.changesSince(14), { version: 14, changes: [] });
      feed.stop();
    });

    it("forgets what came before a gap (more changed than the store kept, or a version out of step)", async () => {
      const store = fakeCatalogFeed({ startsAt: 1 });
      const feed = createCatalogChangeFeed({ watch: store.watch, expire: async () => {}, settleMs: 10_000 });
      store.change();
      store.gap(5);
      await settle();
      assert.equal(feed.version(), 7);
      assert.equal(feed.changesSince(1), null);
      assert.equal(feed.changesSince(2), null);
      assert.deepEqual(feed.changesSince(7), { version: 7, changes: [] });
      store.change(["book-a"]);
      await settle();
      assert.deepEqual(feed.changesSince(7), { version: 8, changes: [{ version: 8, tags: bookTags("book-a") }] });
      feed.stop();
    });

    it("forgets on a report out of step with what it knows: a change skipped, a version gone back; a repeated report adds nothing", async () => {
      const store = fakeCatalogFeed({ startsAt: 5 });
      const feed = createCatalogChangeFeed({ watch: store.watch, expire: async () => {}, settleMs: 10_000 });
      const change = (version: number, id: string) => ({ version, products: [id], types: [], listed: false });
      store.report({ version: 6, changes: [change(6, "six")] });
      store.report({ version: 6, changes: [change(6, "six")] }); // the same report again
      await settle();
      assert.deepEqual(feed.changesSince(5), { version: 6, changes: [{ version: 6, tags: bookTags("six") }] });
      store.report({ version: 8, changes: [change(8, "eight")] }); // 7 never heard
      await settle();
      assert.equal(feed.changesSince(6), null, "what came before the skipped change is not answered");
      assert.deepEqual(feed.changesSince(8), { version: 8, changes: [] });
      store.report({ version: 3, changes: [change(3, "three")] }); // another database, behind
      await settle();
      assert.equal(feed.version(), 3);
      assert.equal(feed.changesSince(8), null);
      feed.stop();
    });

    it("does not take as known a change whose expiry failed: its version stays the last expired here", async () => {
      const store = fakeCatalogFeed({ startsAt: 1 });
      let fail = true;
      const feed = createCatalogChangeFeed({
        watch: store.watch,
        expire: async () => {
          if (fail) throw new Error("cache unreachable");
        },
        onError: () => {},
        settleMs: 10_000,
      });
      let told = 0;
      feed.subscribe(() => told++);
      store.change(["book-f"]);
      await settle();
      assert.equal(told, 1, "the tabs are still told");
      assert.equal(feed.version(), 1);
      assert.deepEqual(feed.changesSince(1), { version: 1, changes: [] });
      fail = false;
      store.change(["book-g"]);
      await settle();
      assert.equal(feed.version(), 3, "the next expired change starts the memory again");
      assert.equal(feed.changesSince(1), null);
      feed.stop();
    });

    it(`keeps the newest ${RECENT_CATALOG_CHANGES} changes, as the store does`, async () => {
      const store = fakeCatalogFeed();
      const feed = createCatalogChangeFeed({ watch: store.watch, expire: async () => {}, settleMs: 10_000 });
      for (let i = 0; i < RECENT_CATALOG_CHANGES + 10; i++) store.change([`book-${i}`]);
      await settle();
      const version = RECENT_CATALOG_CHANGES + 10;
      assert.equal(feed.version(), version);
      assert.equal(feed.changesSince(9), null, "its oldest kept change is 11");
      assert.equal(feed.changesSince(10)?.changes.length, RECENT_CATALOG_CHANGES);
      assert.equal(feed.changesSince(10)?.changes[0].version, 11);
      // One report that crosses the limit on its own (a listener that fell behind).
      store.changes(RECENT_CATALOG_CHANGES + 5);
      await settle();
      const now = version + RECENT_CATALOG_CHANGES + 5;
      assert.equal(feed.version(), now);
      assert.equal(feed.changesSince(now - RECENT_CATALOG_CHANGES - 1), null);
      assert.deepEqual(
        feed.changesSince(now - RECENT_CATALOG_CHANGES)?.changes.map((c) => c.version),
        Array.from({ length: RECENT_CATALOG_CHANGES }, (_, i) => now - RECENT_CATALOG_CHANGES + 1 + i),
      );
      feed.stop();
    });

    it("adds nothing for the settling pass: it is the same changes expired again", async () => {
      const store = fakeCatalogFeed({ startsAt: 2 });
      const feed = createCatalogChangeFeed({ watch: store.watch, expire: async () => {}, settleMs: 20 });
      store.change(["book-s"]);
      await new Promise((resolve) => setTimeout(resolve, 60));
      assert.deepEqual(feed.changesSince(2), { version: 3, changes: [{ version: 3, tags: bookTags("book-s") }] });
      feed.stop();
    });
  });
});
