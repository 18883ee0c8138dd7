/**
 * The bench's SQLite counter (bench/counting/sqlite-rows.mjs), loaded from
 * outside the store as the bench loads it: the figures docs/BENCHMARKS.md
 * reports must be the rows SQLite actually read and wrote.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { countSqliteRows, sqliteRowCounts } from "../bench/counting/sqlite-rows.mjs";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { Store } from "@/lib/data/contract/store";
import { product } from "./helpers/fixtures";

const dir = mkdtempSync(join(tmpdir(), "row-counting-"));
const counts = () => sqliteRowCounts()!;
const statementRows = (sql: RegExp) =>
  Object.entries(counts().statements)
    .filter(([source]) => sql.test(source))
    .reduce((sum, [, s]) => sum + s.rows, 0);

describe("SQLite row counter (bench)", () => {
  let store: Store;
  before(async () => {
    countSqliteRows();
    store = openSqliteStore(join(dir, "rows.db"));
    await store.upsertProducts([product("a1", 3), product("a2", 2), product("a3", 1)]);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("counts the rows a read returned, at least 1 per statement run", async () => {
    const start = counts().rowsRead;
    assert.equal((await store.listProducts()).length, 3);
    assert.equal(counts().rowsRead - start, 3);
    assert.equal(await store.getProduct("missing"), null);
    assert.deepEqual(await store.listCart("guest:nobody"), []);
    assert.equal(counts().rowsRead - start, 3 + 1 + 1);
  });

  it("counts the rows a write changed, reads inside it included", async () => {
    const written = counts().rowsWritten;
    const productReads = statementRows(/FROM products WHERE id = \?/);
    await store.addToLine("guest:writer", "a1");
    assert.equal(counts().rowsWritten - written, 1);
    assert.equal(statementRows(/FROM products WHERE id = \?/) - productReads, 1, "the add's own product read");
  });

  it("a refused input reaches no statement", async () => {
    const before = structuredClone(counts());
    await assert.rejects(store.getProduct("not a valid id!"));
    assert.deepEqual(counts(), before);
  });

  it("tells reads made for an HTTP request from background reads", async () => {
    const start = counts();
    await store.getProduct("a1");
    const server = createServer(async (_request, response) => {
      await store.getProduct("a2");
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await fetch(`http://127.0.0.1:${port}/`);
    server.close();
    assert.equal(counts().rowsRead - start.rowsRead, 2);
    assert.equal(counts().rowsReadForRequests - start.rowsReadForRequests, 1);
  });
});
