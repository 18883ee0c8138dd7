/**
 * The shop's 'use cache' handler (cache-handlers/, named by next.config.ts)
 * on Next's documented interface: an entry is served until a tag it carries
 * expires after it was made, whether the expiry comes from Next (updateTags:
 * this process's own writes and revalidateTag calls) or from the shop's
 * catalogue feed (expireTags: a change made on any instance); and the tags a
 * catalogue change expires (lib/catalog/tags.ts).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import useCacheHandler from "@/cache-handlers/use-cache.mjs";
import { expireTags, tagState } from "@/cache-handlers/tag-state.mjs";
import { listingTags, tagsOfChange, tagsOfChanges, typeListing } from "@/lib/catalog/tags";
import { captureLogLines } from "@/lib/log/sink";

const bytes = (text: string) => new TextEncoder().encode(text);
const streamOf = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes(text));
      controller.close();
    },
  });
const textOf = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();
const later = () => new Promise((resolve) => setTimeout(resolve, 5));

function entry(text: string, tags: string[]) {
  return {
    value: streamOf(text),
    tags,
    stale: 300,
    timestamp: performance.timeOrigin + performance.now(),
    expire: 86_400,
    revalidate: 3_600,
  };
}

describe("'use cache' handler", () => {
  it("serves an entry until one of its tags expires, from the feed or from Next", async () => {
    await useCacheHandler.set("home", Promise.resolve(entry("home v1", ["catalog", "newest", "product:a"])));
    await useCacheHandler.set("books", Promise.resolve(entry("books v1", ["catalog", "type:Book", "product:b"])));
    await later();
    assert.equal(await textOf((await useCacheHandler.get("home", []))!.value), "home v1");
    expireTags(["product:b"]); // an edit of b, heard from the store's feed
    assert.equal(await useCacheHandler.get("books", []), undefined, "the entry showing b is expired");
    assert.ok(await useCacheHandler.get("home", []), "the entry not showing b is kept");
    await useCacheHandler.updateTags(["newest"]); // this process's own updateTag
    assert.equal(await useCacheHandler.get("home", []), undefined);
    assert.ok((await useCacheHandler.getExpiration(["newest"])) > 0);
    assert.equal(await useCacheHandler.getExpiration(["never-expired"]), 0);
  });

  it("makes a get wait for an entry still being written, and keeps no dynamic (expire 0) entry", async () => {
    let finish!: (value: ReturnType<typeof entry>) => void;
    const setting = useCacheHandler.set("slow", new Promise((resolve) => (finish = resolve)));
    const getting = useCacheHandler.get("slow", []);
    finish(entry("slow v1", ["x"]));
    await setting;
    assert.equal(await textOf((await getting)!.value), "slow v1");
    await useCacheHandler.set("dynamic", Promise.resolve({ ...entry("d", ["x"]), expire: 0 }));
    assert.equal(await useCacheHandler.get("dynamic", []), undefined);
  });

  it("awaits the shop's refresh hook before a request's reads, and logs a failing one", async () => {
    let refreshed = 0;
    tagState().refresh = async () => void refreshed++;
    await useCacheHandler.refreshTags();
    assert.equal(refreshed, 1);
    const logged = captureLogLines();
    tagState().refresh = async () => {
      throw new Error("store down");
    };
    try {
      await useCacheHandler.refreshTags();
    } finally {
      logged.restore();
      tagState().refresh = null;
    }
    assert.equal(logged.lines.length, 1);
    assert.deepEqual(
      [logged.lines[0].level, logged.lines[0].kind, (logged.lines[0].err as { message: string }).message],
      ["error", "cache.tag_refresh_failed", "store down"],
    );
  });
});

describe("catalogue tags", () => {
  it("expires an edited Book's page, the lists showing it, search, the sitemap and Books by price or name; never another type's list", () => {
    assert.deepEqual(tagsOfChange({ products: ["book-1"], types: ["Book"], listed: false }), [
      "product:book-1",
      "search",
      "sitemap",
      "reorder:Book",
    ]);
    // A change kept before edits recorded their type.
    assert.deepEqual(tagsOfChange({ products: ["book-1"], types: [], listed: false }), ["product:book-1", "search", "sitemap"]);
    // Moved to Sport: both types' lists, every order.
    assert.deepEqual(tagsOfChange({ products: ["book-1"], types: ["Book", "Sport"], listed: false }), [
      "product:book-1",
      "search",
      "sitemap",
      "type:Book",
      "type:Sport",
    ]);
    assert.deepEqual(typeListing("Book", "newest"), ["type:Book"]);
    assert.deepEqual(typeListing("Book", "price-asc"), ["type:Book", "reorder:Book"]);
    assert.deepEqual(tagsOfChange({ products: ["book-1"], types: ["Book"], listed: true }), [
      "product:book-1",
      "search",
      "sitemap",
      "type:Book",
      "newest",
    ]);
    assert.deepEqual(tagsOfChanges(null), ["catalog"]);
    assert.deepEqual(tagsOfChange({ products: null, types: ["Book"], listed: true }), ["catalog"]);
  });

  it("tags a list with each product it shows, up to Next's limit", () => {
    assert.deepEqual(listingTags("newest", ["a", "b"]), ["catalog", "newest", "product:a", "product:b"]);
    assert.deepEqual(
      listingTags(
        "newest",
        Array.from({ length: 200 }, (_, i) => `p${i}`),
      ),
      ["catalog", "newest"],
    );
  });
});
