/**
 * Products imported into the suite's own store as an operator imports a
 * catalogue (`npm run seed -- FILE`, another process): an upsert, so a
 * retried spec imports the same products again rather than more.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { shellEnv, suiteStoreEnv } from "./admin-cli";

export async function importIntoSuiteStore(products: readonly object[]): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), "import-"));
  const file = path.join(folder, "products.json");
  writeFileSync(file, JSON.stringify(products));
  const seeded = spawnSync("npm", ["run", "--silent", "seed", "--", file], {
    encoding: "utf8",
    timeout: 60_000,
    env: shellEnv(await suiteStoreEnv()),
  });
  rmSync(folder, { recursive: true, force: true });
  expect(seeded.status, `${seeded.stdout}${seeded.stderr}`).toBe(0);
}
