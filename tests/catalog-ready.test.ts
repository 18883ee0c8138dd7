/**
 * What an opening live stream's `ready` says of the catalogue
 * (lib/live/catalog-ready.ts): from the process's change feed without a read
 * whenever the feed knows, from the store otherwise, and the same answer
 * either way.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createCatalogChangeFeed } from "@/lib/catalog/change-feed";
import { tagsOfChanges } from "@/lib/catalog/tags";
import type { CatalogChange, CatalogChanges } from "@/lib/data/contract/catalog";
import { changesSince } from "@/lib/data/rules/catalog-changes";
import { parseSince, readyFromFeed, readyFromStore } from "@/lib/live/catalog-ready";

const edit = (version: number, id: string): CatalogChange => ({ version, products: [id], types: [], listed: false });

/** A store that kept `changes` (oldest first) up to `version`, and counts its reads. */
function countingStore(version: number, kept: CatalogChange[]) {
  const store = {
    reads: 0,
    async getCatalogVersion() {
      store.reads += 1;
      return version;
    },
    async getCatalogChanges(since: number): Promise<CatalogChanges> {
      store.reads += 1;
      return changesSince(kept, since, version);
    },
  };
  return store;
}

/** A feed that listens from `from` and has expired `changes` after it. */
async function feedThatHeard(from: number, changes: CatalogChange[]) {
  let report: (changes: CatalogChanges) => void = () => {};
  const feed = createCatalogChangeFeed({
    watch: (onChange, onListening) => {
      report = onChange;
      onListening(from);
      return () => {};
    },
    expire: async () => {},
    settleMs: 10_000,
  });
  for (const change of changes) report({ version: change.version, changes: [change] });
  await new Promise((resolve) => setTimeout(resolve, 10));
  return feed;
}

describe("the live stream's ready", () => {
  const kept = [edit(5, "a"), edit(6, "b"), edit(7, "c")];

  it("is answered from the feed without a read, as the store would answer it", async () => {
    const feed = await feedThatHeard(4, kept);
    const store = countingStore(7, kept);
    for (const since of [null, 4, 5, 6, 7]) {
      const fromFeed = readyFromFeed(feed, since);
      assert.ok(fromFeed, `the feed knows since ${since}`);
      assert.deepEqual(fromFeed, await readyFromStore(store, since), `since ${since}`);
    }
    assert.deepEqual(readyFromFeed(feed, 5), {
      catalogVersion: 7,
      changes: [6, 7].map((v) => ({ version: v, tags: tagsOfChanges([kept[v - 5]]) })),
    });
    feed.stop();
  });

  it("leaves to the store what the feed cannot say: before it listens, older than it heard, newer than it heard", async () => {
    const silent = createCatalogChangeFeed({ watch: () => () => {}, expire: async () => {} });
    assert.equal(readyFromFeed(silent, null), null);
    assert.equal(readyFromFeed(silent, 3), null);
    const feed = await feedThatHeard(5, kept.slice(1));
    assert.equal(readyFromFeed(feed, 4), null, "the tab's page is older than this process's start");
    assert.equal(readyFromFeed(feed, 8), null, "the tab's page is ahead of this process");
    const store = countingStore(7, kept);
    assert.deepEqual(await readyFromStore(store, 4), {
      catalogVersion: 7,
      changes: kept.map((c) => ({ version: c.version, tags: tagsOfChanges([c]) })),
    });
    assert.equal(store.reads, 1, "one read");
    silent.stop();
    feed.stop();
  });

  it("takes `since` only as a whole version number", () => {
    assert.equal(parseSince("12"), 12);
    assert.equal(parseSince("0"), 0);
    for (const bad of [null, "", "-1", "1.5", "1e3", "x", "9".repeat(16)]) assert.equal(parseSince(bad), null, String(bad));
  });
});
