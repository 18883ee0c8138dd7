/**
 * A product's stock and an email's orders in the suite's own store, read and
 * written as another process would (helpers/stock-script.ts): what a sale
 * made elsewhere looks like to the shop, and what the store holds after one.
 */
import { spawnSync } from "node:child_process";
import { shellEnv, suiteStoreEnv } from "./admin-cli";

/** A product's stock: null when not tracked (lib/data/contract/order-store.ts). */
type StockCount = number | null;

async function stockScript(...args: string[]): Promise<unknown> {
  const command = ["--conditions=react-server", "--import", "tsx", "tests/e2e/helpers/stock-script.ts", ...args];
  const result = spawnSync(process.execPath, command, { encoding: "utf8", timeout: 60_000, env: shellEnv(await suiteStoreEnv()) });
  if (result.status !== 0) throw new Error(`stock-script ${args.join(" ")} failed: ${result.stderr}${result.stdout}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "");
}

const text = (count: StockCount) => (count === null ? "-" : String(count));

/** The product's stock in the suite's store (null: not tracked). */
export async function stockInSuiteStore(productId: string): Promise<StockCount> {
  return (await stockScript("get", productId)) as StockCount;
}

/**
 * Sets the product's stock in the suite's store if it is still `expected`
 * (StockStore.setStock); without `expected`, on the count read just before,
 * as the operator's form opened then saved.
 */
export async function setStockInSuiteStore(productId: string, count: StockCount, expected?: StockCount): Promise<void> {
  const before = expected === undefined ? await stockInSuiteStore(productId) : expected;
  await stockScript("set", productId, text(count), text(before));
}

/** The orders placed with this email (the desk's search), each with its lines' product ids. */
export async function ordersOfEmail(email: string): Promise<Array<{ id: string; productIds: string[] }>> {
  return (await stockScript("orders", email)) as Array<{ id: string; productIds: string[] }>;
}
