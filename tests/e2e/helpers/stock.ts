import { spawnSync } from "node:child_process";
import { shellEnv, suiteStoreEnv } from "./admin-cli";

/**
 * Sets a product's stock in the suite's own store, from another process as
 * the operator's edit would be (helpers/stock-script.ts): the shop hears it
 * from its store's stock feed only. `null`: not tracked.
 */
export async function setStockInSuiteStore(productId: string, count: number | null): Promise<void> {
  const args = ["--conditions=react-server", "--import", "tsx", "tests/e2e/helpers/stock-script.ts", productId, count === null ? "untracked" : String(count)];
  const result = spawnSync(process.execPath, args, { encoding: "utf8", timeout: 60_000, env: shellEnv(await suiteStoreEnv()) });
  if (result.status !== 0) throw new Error(`Could not set the stock of ${productId}: ${result.stderr}${result.stdout}`);
}
