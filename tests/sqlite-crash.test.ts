import Database from "better-sqlite3";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { after, describe, it } from "node:test";
import { openSqliteStore } from "@/lib/data/sqlite/store";

const dir = mkdtempSync(join(tmpdir(), "store-crash-"));

/** Runs the writer until it has acknowledged `kill` writes, then SIGKILLs it; returns the last ack. */
function burstThenKill(path: string, killAfter: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", join("tests", "helpers", "crash-writer.ts"), path],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let lastAck = -1;
    createInterface({ input: child.stdout }).on("line", (line) => {
      const match = /^ack (\d+)$/.exec(line);
      if (!match) return;
      lastAck = Number(match[1]);
      if (lastAck + 1 >= killAfter && child.exitCode === null) child.kill("SIGKILL");
    });
    child.on("error", reject);
    child.on("exit", (_code, signal) => {
      if (signal !== "SIGKILL") reject(new Error(`writer ended by itself (${signal ?? _code})`));
      else resolve(lastAck);
    });
  });
}

describe("SQLite store under SIGKILL", () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const round of [1, 2, 3]) {
    it(`loses no acknowledged cart write when killed mid-burst (round ${round})`, async () => {
      const path = join(dir, `crash-${round}.db`);
      const lastAck = await burstThenKill(path, 150 * round);
      assert.ok(lastAck >= 150 * round - 1, `the writer acknowledged ${lastAck + 1} writes before the kill`);

      // The file opens cleanly and passes SQLite's own consistency check.
      const raw = new Database(path);
      assert.equal(raw.pragma("integrity_check", { simple: true }), "ok");
      raw.close();

      const store = openSqliteStore(path);
      try {
        for (let i = 0; i <= lastAck; i++) {
          const cart = await store.listCart(`guest:crash-${i}`);
          assert.equal(cart[0]?.quantity, 1, `acknowledged write ${i} is there`);
        }
        const shared = await store.listCart("guest:crash-shared");
        // Every acknowledged increment is there; the one in flight at the kill may be too.
        assert.ok(shared[0].quantity >= lastAck + 1, `shared line holds ${shared[0].quantity} >= ${lastAck + 1}`);
        assert.ok(shared[0].quantity <= lastAck + 2);
      } finally {
        await store.close();
      }
    });
  }
});
