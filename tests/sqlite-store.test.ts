import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe } from "node:test";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { Store } from "@/lib/data/contract/store";
import { storeContract } from "./store-contract";

// A real file per test (not :memory:) so WAL, fsync and migrations run as in production.
const dir = mkdtempSync(join(tmpdir(), "store-contract-"));
let n = 0;
const pathOf = new WeakMap<Store, string>();

describe("SQLite store contract", () => {
  after(() => rmSync(dir, { recursive: true, force: true }));
  storeContract(
    async (options) => {
      const path = join(dir, `contract-${++n}.db`);
      const store = openSqliteStore(path, options);
      pathOf.set(store, path);
      return store;
    },
    // Another "process" on the same database: a second connection to the file.
    async (first) => openSqliteStore(pathOf.get(first)!),
  );
});
