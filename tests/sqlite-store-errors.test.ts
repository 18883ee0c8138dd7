import assert from "node:assert/strict";
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { rejectsWith } from "./helpers/assert-store-error";
import { newProduct } from "./helpers/fixtures";

const dir = mkdtempSync(join(tmpdir(), "sqlite-errors-"));

describe("SQLite adapter failures are typed like Firestore's", () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'a write blocked past busy_timeout by another process\'s lock is StoreError("unavailable"), keeping the cause',
    { timeout: 30_000 },
    async () => {
      const path = join(dir, "locked.db");
      const store = openSqliteStore(path);
      const lamp = await store.addProduct(newProduct({ name: "Locked Lamp" }));
      // Another connection (as another process would) holds the write lock.
      const other = new Database(path);
      other.exec("BEGIN IMMEDIATE");
      try {
        const error = await rejectsWith(store.addToLine("guest:locked-out", lamp.id), "unavailable");
        assert.match(String((error.cause as Error)?.message), /locked|busy/i);
        await store.ping();
      } finally {
        other.exec("ROLLBACK");
        other.close();
        await store.close();
      }
    },
  );
});

describe("isStoreError", () => {
  it("knows a StoreError from another copy of the module by its name and code, and nothing else", async () => {
    const { isStoreError, StoreError } = await import("@/lib/data/contract/errors");
    class StoreErrorCopy extends Error {
      readonly code = "conflict";
      readonly fields = {};
      constructor() {
        super("Product p is at revision 1, not 0");
        this.name = "StoreError";
      }
    }
    assert.equal(isStoreError(new StoreErrorCopy(), "conflict"), true);
    assert.equal(isStoreError(new StoreErrorCopy(), "not_found"), false);
    assert.equal(isStoreError(new StoreError("unavailable", "x"), "unavailable"), true);
    const impostor = Object.assign(new Error("x"), { name: "StoreError", code: "drop tables" });
    assert.equal(isStoreError(impostor), false);
    assert.equal(isStoreError({ name: "StoreError", code: "conflict" }), false, "not an Error at all");
  });
});
