import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { countReads, readCounts } from "@/lib/data/counting";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { CartItem } from "@/lib/data/types";
import { eventually, product } from "./helpers/fixtures";

// A real SQLite store under the counter: the figures the benchmark reports
// must match what the store was actually asked.
const dir = mkdtempSync(join(tmpdir(), "read-counting-"));
let n = 0;
const open = () => openSqliteStore(join(dir, `counting-${++n}.db`));

describe("read counter (STORE_COUNT_READS)", () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("counts each read call as one query and its rows as documents (at least 1)", async () => {
    const inner = await open();
    await inner.upsertProducts([product("a1", 3), product("a2", 2), product("a3", 1)]);
    const store = countReads(inner);
    try {
      assert.equal((await store.listProducts()).length, 3);
      assert.equal(await store.getProduct("missing"), null);
      assert.deepEqual(await store.listCart("guest:nobody"), []);
      const counts = readCounts()!;
      assert.equal(counts.backend, "sqlite");
      assert.equal(counts.queries, 3);
      assert.equal(counts.documents, 3 + 1 + 1);
      assert.deepEqual(counts.byMethod.listProducts, { calls: 1, documents: 3 });
      assert.deepEqual(counts.byMethod.listCart, { calls: 1, documents: 1 });
    } finally {
      await store.close();
    }
  });

  it("does not count writes, and a failed read counts nothing", async () => {
    const inner = await open();
    const store = countReads(inner);
    try {
      await store.upsertProducts([product("b1", 1)]);
      await store.addToLine("guest:writer", "b1");
      await assert.rejects(store.getProduct("not a valid id!"));
      assert.equal(readCounts()!.queries, 0);
      assert.equal(readCounts()!.documents, 0);
    } finally {
      await store.close();
    }
  });

  it("counts one cart delivery once however many tabs receive it", async () => {
    const inner = await open();
    await inner.upsertProducts([product("c1", 2), product("c2", 1)]);
    const store = countReads(inner);
    const tabA: CartItem[][] = [];
    const tabB: CartItem[][] = [];
    const stopA = store.watchCart("guest:two-tabs", (items) => tabA.push(items));
    const stopB = store.watchCart("guest:two-tabs", (items) => tabB.push(items));
    try {
      await store.addToLine("guest:two-tabs", "c1");
      await store.addToLine("guest:two-tabs", "c2");
      await eventually(() => assert.equal(tabB.length, 2));
      assert.equal(tabA.length, 2);
      const { feeds, documents } = readCounts()!;
      assert.deepEqual(feeds.cart, { deliveries: 2, documents: 1 + 2 });
      assert.equal(documents, 3);
    } finally {
      stopA();
      stopB();
      await store.close();
    }
  });

  it("counts catalogue subscriptions, the listener start and one delivery per change", async () => {
    const inner = await open();
    const store = countReads(inner);
    let calls = 0;
    const stops = [store.watchCatalog(() => calls++), store.watchCatalog(() => calls++)];
    try {
      await store.upsertProducts([product("d1", 1)]);
      await eventually(() => assert.equal(calls, 2));
      await new Promise((resolve) => setTimeout(resolve, 0));
      await store.upsertProducts([product("d2", 2)]);
      await eventually(() => assert.equal(calls, 4));
      assert.deepEqual(readCounts()!.feeds.catalog, { subscriptions: 2, listenerStarts: 1, deliveries: 2 });
    } finally {
      stops.forEach((stop) => stop());
      await store.close();
    }
  });
});
