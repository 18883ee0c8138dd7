import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { writeInBatches } from "@/lib/catalog/seed";
import { RECENT_CATALOG_CHANGES } from "@/lib/data/rules/catalog-changes";
import type { CatalogChanges } from "@/lib/data/contract/catalog";
import type { Store } from "@/lib/data/contract/store";
import { PRODUCT_TYPES } from "@/lib/data/contract/catalog";
import { rejectsWith } from "../helpers/assert-store-error";
import { eventually, newProduct, pause, product } from "../helpers/fixtures";
import type { SecondInstanceFactory, StoreFactory } from "./types";

const admin = "admin@example.com";
const anything = { products: null, types: [...PRODUCT_TYPES], listed: true };

/**
 * What each catalogue write changed (Store.getCatalogChanges, watchCatalog):
 * the facts the cache's tags and the tabs' refreshes are derived from
 * (lib/catalog/tags.ts). Every write records exactly its own change, in the
 * same commit; an import records one, however many batches it wrote.
 */
export function catalogChangesContract(open: StoreFactory, openSecond: SecondInstanceFactory): void {
  describe("catalogue changes", () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(() => store.close());

    it("records what each write changed, with the version it raised the catalogue to", async () => {
      const start = await store.getCatalogVersion();
      const lamp = await store.addProduct(newProduct({ name: "Change Lamp", type: "Electronics" }), admin);
      const { revision } = (await store.getProductRevision(lamp.id))!;
      const same = await store.updateProduct(lamp.id, newProduct({ name: "Change Lamp 2", type: "Electronics" }), revision, admin);
      const moved = await store.updateProduct(lamp.id, newProduct({ name: "Change Lamp 3", type: "Book" }), same.revision, admin);
      await store.deleteProduct(lamp.id, moved.revision, admin);
      await store.upsertProducts([product("change-import", 1_000)]);
      const { version, changes } = await store.getCatalogChanges(start);
      assert.equal(version, start + 5);
      assert.deepEqual(changes, [
        { version: start + 1, products: [lamp.id], types: ["Electronics"], listed: true },
        { version: start + 2, products: [lamp.id], types: ["Electronics"], listed: false },
        { version: start + 3, products: [lamp.id], types: ["Electronics", "Book"], listed: false },
        { version: start + 4, products: [lamp.id], types: ["Book"], listed: true },
        { version: start + 5, ...anything },
      ]);
      assert.deepEqual(await store.getCatalogChanges(version), { version, changes: [] });
      assert.deepEqual(
        (await store.getCatalogChanges(start + 3)).changes?.map((c) => c.version),
        [start + 4, start + 5],
      );
    });

    it(`keeps the newest ${RECENT_CATALOG_CHANGES}: older ones read as "anything changed" (null)`, async () => {
      const start = await store.getCatalogVersion();
      for (let i = 0; i <= RECENT_CATALOG_CHANGES; i++) await store.upsertProducts([product(`kept-${i}`, i + 1)]);
      const version = await store.getCatalogVersion();
      assert.equal(version, start + RECENT_CATALOG_CHANGES + 1);
      assert.equal((await store.getCatalogChanges(start)).changes, null, "the first change is no longer kept");
      assert.equal((await store.getCatalogChanges(start + 1)).changes?.length, RECENT_CATALOG_CHANGES);
    });

    it("reads a version from another database (higher than now) as anything changed", async () => {
      await store.upsertProducts([product("other-db", 1)]);
      const version = await store.getCatalogVersion();
      assert.deepEqual(await store.getCatalogChanges(version + 10), { version, changes: null });
    });

    it("raises the version once for an import of many batches, and only at its end", async () => {
      const start = await store.getCatalogVersion();
      const seen: CatalogChanges[] = [];
      const stop = store.watchCatalog((changes) => seen.push(changes));
      await pause(100);
      const many = Array.from({ length: 120 }, (_, i) => product(`batch-${i}`, i + 1));
      const written = await writeInBatches(store, many, (done) => {
        // Between batches, nothing is announced yet.
        if (done > 0 && done < many.length) assert.equal(seen.length, 0, `announced after ${done} products`);
      });
      assert.equal(written, 120);
      assert.equal(await store.getCatalogVersion(), start + 1);
      await eventually(() => assert.deepEqual(seen, [{ version: start + 1, changes: [{ version: start + 1, ...anything }] }]));
      stop();
    });

    it("announces an import that fails part-way: what it wrote is one change", async () => {
      const start = await store.getCatalogVersion();
      const good = Array.from({ length: 30 }, (_, i) => product(`part-${i}`, i + 1));
      const bad = { ...product("part-bad", 99), price: -1 };
      await rejectsWith(writeInBatches(store, [...good, bad]), "invalid_input");
      assert.ok(await store.getProduct("part-0"), "the first batch was written");
      assert.equal(await store.getCatalogVersion(), start + 1);
    });

    it("tells a watcher the version it listens from, without a change, and every change after it", async () => {
      await store.upsertProducts([product("listen-from", 1)]);
      const start = await store.getCatalogVersion();
      const from: number[] = [];
      const seen: CatalogChanges[] = [];
      const stop = store.watchCatalog(
        (changes) => seen.push(changes),
        (version) => from.push(version),
      );
      await eventually(() => assert.deepEqual(from, [start]));
      // A second watcher of the same listener is told where it joins, at once.
      const joined: number[] = [];
      const stopJoined = store.watchCatalog(
        () => {},
        (version) => joined.push(version),
      );
      assert.deepEqual(joined, [start]);
      assert.deepEqual(seen, [], "where it starts is not a change");
      const made = await store.addProduct(newProduct({ name: "Heard after the start", type: "Book" }), admin);
      await eventually(() =>
        assert.deepEqual(seen, [
          { version: start + 1, changes: [{ version: start + 1, products: [made.id], types: ["Book"], listed: true }] },
        ]),
      );
      assert.deepEqual(from, [start], "told once");
      stopJoined();
      stop();
    });

    it("tells a watcher on another instance what changed", async () => {
      const other = await openSecond(store);
      try {
        const seen: CatalogChanges[] = [];
        const stop = store.watchCatalog((changes) => seen.push(changes));
        await pause(100);
        const made = await other.addProduct(newProduct({ name: "Told elsewhere", type: "Sport" }));
        await eventually(
          () =>
            assert.deepEqual(seen.at(-1)?.changes?.at(-1), {
              version: seen.at(-1)!.version,
              products: [made.id],
              types: ["Sport"],
              listed: true,
            }),
          5_000,
        );
        stop();
      } finally {
        await other.close();
      }
    });

    it("refuses a malformed version or upsert option, changing nothing", async () => {
      await rejectsWith(store.getCatalogChanges(-1), "invalid_input");
      await rejectsWith(store.getCatalogChanges(1.5), "invalid_input");
      const before = await store.getCatalogVersion();
      await rejectsWith(store.upsertProducts([product("opt", 1)], { announce: "no" } as unknown as { announce: boolean }), "invalid_input");
      assert.equal(await store.getProduct("opt"), null);
      assert.equal(await store.getCatalogVersion(), before);
    });
  });
}
