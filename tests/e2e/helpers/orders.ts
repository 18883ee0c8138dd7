import { spawnSync } from "node:child_process";
import { shellEnv, suiteStoreEnv } from "./admin-cli";

export interface PlacedOrder {
  id: string;
  reference: string;
  /** The guest link's token (the order is a guest's). */
  token: string;
}

/**
 * Places a guest order for `email` in the suite's own store, as the checkout
 * does (helpers/place-order-script.ts): `lines` maps product ids to quantities.
 * `delivered`: then shipped and delivered, as the desk would (a return may be requested).
 */
export async function placeOrderInSuiteStore(
  email: string,
  lines: Record<string, number>,
  { delivered = false }: { delivered?: boolean } = {},
): Promise<PlacedOrder> {
  const args = [
    "--conditions=react-server",
    "--import",
    "tsx",
    "tests/e2e/helpers/place-order-script.ts",
    ...(delivered ? ["--delivered"] : []),
    email,
    ...Object.entries(lines).map(([id, n]) => `${id}:${n}`),
  ];
  const result = spawnSync(process.execPath, args, { encoding: "utf8", timeout: 60_000, env: shellEnv(await suiteStoreEnv()) });
  if (result.status !== 0) throw new Error(`Could not place an order: ${result.stderr}${result.stdout}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "") as PlacedOrder;
}

/** Takes a step on the order in the suite's own store, as another instance's desk would (helpers/stock-script.ts). */
export async function takeStepInSuiteStore(orderId: string, step: "ship" | "deliver", note = ""): Promise<void> {
  const args = ["--conditions=react-server", "--import", "tsx", "tests/e2e/helpers/stock-script.ts", "step", orderId, step, note];
  const result = spawnSync(process.execPath, args, { encoding: "utf8", timeout: 60_000, env: shellEnv(await suiteStoreEnv()) });
  if (result.status !== 0) throw new Error(`Could not take the step: ${result.stderr}${result.stdout}`);
}
