import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { createServer } from "node:net";
import { describe, it } from "node:test";
import { promisify } from "node:util";
import { StoreError } from "@/lib/data/contract/errors";
import { toStoreError } from "@/lib/data/firestore/guard";

// No emulator needed: the point is a Firestore that does not answer.
const DEADLINE_MS = 1500;
/** The deadline plus room for a loaded 2-core machine. */
const BOUND_MS = DEADLINE_MS + 3000;

/** A loopback port nothing listens on (the OS picked it, then it was closed). */
function deadPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface ProbeResult {
  what: string;
  outcome: string;
  hasCause?: boolean;
  ms: number;
}

describe("Firestore adapter when Firestore does not answer", () => {
  it('every call rejects with StoreError("unavailable") within the deadline, reads and writes alike', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        "--conditions=react-server",
        "--import",
        "tsx",
        "tests/helpers/unreachable-firestore-probe.ts",
        `127.0.0.1:${await deadPort()}`,
        String(DEADLINE_MS),
      ],
      { timeout: 60_000 },
    );
    const results = JSON.parse(stdout.trim().split("\n").at(-1)!) as ProbeResult[];
    for (const { what, outcome, hasCause, ms } of results) {
      if (what.includes("malformed")) {
        assert.equal(outcome, "invalid_input", `${what}: an input error is still an input error`);
        assert.ok(ms < DEADLINE_MS, `${what} waited for the backend (${ms} ms)`);
        continue;
      }
      assert.equal(outcome, "unavailable", what);
      assert.ok(ms >= DEADLINE_MS - 50 || hasCause, `${what}: unavailable without a cause before the deadline`);
      assert.ok(ms < BOUND_MS, `${what} took ${ms} ms`);
    }
    assert.equal(results.length, 6);
  });
});

describe("toStoreError", () => {
  it("keeps our own typed errors and types every other failure, keeping it as cause", () => {
    const ours = new StoreError("limit_exceeded", "full");
    assert.equal(toStoreError(ours), ours);
    const retries = new Error("Exceeded maximum number of retries allowed.");
    const typed = toStoreError(retries);
    assert.equal(typed.code, "unavailable");
    assert.equal(typed.cause, retries);
    assert.equal(toStoreError(Object.assign(new Error("deadline"), { code: 4 })).code, "unavailable");
    assert.equal(toStoreError(Object.assign(new Error("denied"), { code: 7 })).code, "unavailable");
    assert.equal(toStoreError(new Error("The client has already been terminated")).code, "unavailable");
    assert.equal(toStoreError(Object.assign(new Error("bad"), { code: 3 })).code, "invalid_input");
    assert.equal(toStoreError("a string").code, "unavailable");
  });
});
