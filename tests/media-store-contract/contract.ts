import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { MEDIA_KEY_MAX, MediaKeyError, MediaUnavailableError, type MediaStore } from "@/lib/media/contract";

/** One adapter under test: a fresh, empty store, and how to make it fail and recover. */
export interface MediaStoreUnderTest {
  open(): Promise<MediaStore>;
  /** Makes every further call of `store` fail as its backend being unreachable would. */
  breakStore(store: MediaStore): Promise<void>;
  mendStore(store: MediaStore): Promise<void>;
  /** Everything the backend holds for `store`, bypassing the adapter (names; a half-written file too). */
  rawNames(store: MediaStore): Promise<string[]>;
}

const photo = (size = 2048) => randomBytes(size);

const BAD_KEYS = [
  "../escape.webp",
  "/absolute.webp",
  "products/../../escape.webp",
  "products/..webp",
  "Products/upper.webp",
  "products//double.webp",
  "products/.hidden.webp",
  "products/",
  "no-extension",
  "products/photo.gif",
  "products/photo.webp/",
  "products/photo .webp",
  "products\\photo.webp",
  `${"a".repeat(MEDIA_KEY_MAX)}.webp`,
];

/** The media store's contract: every adapter keeps it. */
export function mediaStoreContract(name: string, adapter: MediaStoreUnderTest): void {
  describe(`media store contract: ${name}`, () => {
    it("gives back what was stored, byte for byte, typed by its extension; a put replaces", async () => {
      const store = await adapter.open();
      const first = photo();
      await store.put("products/p1/a-400.webp", first);
      assert.deepEqual(await store.get("products/p1/a-400.webp"), { bytes: first, contentType: "image/webp" });
      const second = photo(3000);
      await store.put("products/p1/a-400.webp", second);
      assert.deepEqual((await store.get("products/p1/a-400.webp"))?.bytes, second);
      await store.put("products/p1/a.jpg", first);
      assert.equal((await store.get("products/p1/a.jpg"))?.contentType, "image/jpeg");
    });

    it("says null for a key that holds nothing; a delete of nothing is no error", async () => {
      const store = await adapter.open();
      assert.equal(await store.get("products/none/a-400.webp"), null);
      await store.delete("products/none/a-400.webp");
      await store.put("products/p2/a-400.webp", photo());
      await store.delete("products/p2/a-400.webp");
      assert.equal(await store.get("products/p2/a-400.webp"), null);
      assert.deepEqual(await store.list(""), []);
    });

    it("lists the keys under a folder, sorted, and nothing else", async () => {
      const store = await adapter.open();
      for (const key of ["products/b/2.webp", "products/a/1.webp", "products/b/1.webp", "products/ab/1.webp", "other/1.png"]) {
        await store.put(key, photo(64));
      }
      assert.deepEqual(await store.list("products/b/"), ["products/b/1.webp", "products/b/2.webp"]);
      assert.deepEqual(await store.list("products/a/"), ["products/a/1.webp"]);
      assert.deepEqual(await store.list("products/"), [
        "products/a/1.webp",
        "products/ab/1.webp",
        "products/b/1.webp",
        "products/b/2.webp",
      ]);
      assert.deepEqual(await store.list(""), [
        "other/1.png",
        "products/a/1.webp",
        "products/ab/1.webp",
        "products/b/1.webp",
        "products/b/2.webp",
      ]);
      assert.deepEqual(await store.list("nothing/"), []);
    });

    it("refuses a key that could climb out, or that it does not hold, with a clear error, and stores nothing", async () => {
      const store = await adapter.open();
      for (const key of BAD_KEYS) {
        await assert.rejects(store.put(key, photo(16)), MediaKeyError, `put ${key}`);
        await assert.rejects(store.get(key), MediaKeyError, `get ${key}`);
        await assert.rejects(store.delete(key), MediaKeyError, `delete ${key}`);
      }
      for (const prefix of ["products", "../", "/products/", "Products/"]) {
        await assert.rejects(store.list(prefix), MediaKeyError, `list ${prefix}`);
      }
      await assert.rejects(store.put("products/photo.gif", photo(16)), /ends in \.gif: the store holds webp, jpg, png, avif only/);
      assert.deepEqual(await adapter.rawNames(store), []);
    });

    it("keeps a 5 MB object intact, and twenty puts at once each whole", async () => {
      const store = await adapter.open();
      const large = photo(5 * 1024 * 1024);
      await store.put("products/big/original.jpg", large);
      assert.ok((await store.get("products/big/original.jpg"))?.bytes.equals(large));
      const many = Array.from({ length: 20 }, (_, index) => ({ key: `products/many/${index}.webp`, bytes: photo(10_000 + index) }));
      await Promise.all(many.map(({ key, bytes }) => store.put(key, bytes)));
      assert.equal((await store.list("products/many/")).length, 20);
      for (const { key, bytes } of many) assert.ok((await store.get(key))?.bytes.equals(bytes), key);
    });

    it("says so when its backend fails, leaves nothing of a failed put, and works again once it is back", async () => {
      const store = await adapter.open();
      await store.put("products/kept/1.webp", photo(32));
      await adapter.breakStore(store);
      await assert.rejects(store.put("products/lost/1.webp", photo(32)), MediaUnavailableError);
      await adapter.mendStore(store);
      assert.deepEqual(await adapter.rawNames(store), ["products/kept/1.webp"]);
      await store.put("products/back/1.webp", photo(32));
      assert.deepEqual(await store.list(""), ["products/back/1.webp", "products/kept/1.webp"]);
    });
  });
}
