/**
 * A SQLite database written before search keys existed (or under an older
 * version of them) gets its products' keys when the store opens, reading only
 * those products, and without counting it as a catalogue change.
 */
import assert from "node:assert/strict";
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, it } from "node:test";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { product } from "./helpers/fixtures";

const dir = mkdtempSync(join(tmpdir(), "sqlite-search-keys-"));
after(() => rmSync(dir, { recursive: true, force: true }));

it("rewrites the keys of products without current ones when the store opens", async () => {
  const path = join(dir, "shop.db");
  const first = await openSqliteStore(path);
  await first.upsertProducts([
    product("old", 1000, "Book", { name: "Quiet Garden Journal", details: "Lined pages." }),
    product("new", 2000, "Book", { name: "Copper Kettle", details: "Whistles." }),
  ]);
  const version = await first.getCatalogVersion();
  await first.close();

  // As a database from before search keys: no keys, version 0.
  const raw = new Database(path);
  raw.prepare("DELETE FROM product_search_keys WHERE product_id = 'old'").run();
  raw.prepare("UPDATE products SET search_keys_version = 0 WHERE id = 'old'").run();
  raw.close();

  const second = await openSqliteStore(path);
  try {
    assert.deepEqual(
      (await second.searchProducts("gardens", { type: null, limit: 10 })).map((p) => p.id),
      ["old"],
    );
    assert.equal(await second.getCatalogVersion(), version, "writing keys is no catalogue change");
  } finally {
    await second.close();
  }
});
