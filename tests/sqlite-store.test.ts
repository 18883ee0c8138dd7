import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe } from "node:test";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import { storeContract } from "./store-contract";

// A real file per test (not :memory:) so WAL, fsync and migrations run as in production.
const dir = mkdtempSync(join(tmpdir(), "store-contract-"));
let n = 0;

describe("SQLite store contract", () => {
  after(() => rmSync(dir, { recursive: true, force: true }));
  storeContract(async () => openSqliteStore(join(dir, `contract-${++n}.db`)));
});
