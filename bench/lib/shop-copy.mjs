// A second shop beside the running bench shop, on its SQLite file (the demo
// catalogue). withShopCopy() builds one for a measurement the bench's own
// build must not carry (another bundler, browser source maps) into its own
// folder, serves it on its own port while `measure` runs, then stops it and
// removes the folder; copyEnv() is its environment, for a caller that serves
// the bench's own build a second time (bench/server-profile.mjs).
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { NEXT_BIN, shopEnv, startShop } from "../../scripts/lib/shop-launcher.mjs";

/**
 * The environment of a second shop on the running bench shop's SQLite data
 * (its `dataDir`), with its own port and build folder, and `env` on top.
 */
export function copyEnv({ port, authPort, dataDir, distDir, env = {} }) {
  return shopEnv({
    mode: "start",
    backend: "sqlite",
    port,
    authPort,
    distDir,
    dataDir,
    env: { SQLITE_PATH: join(dataDir, "storefront.db"), ...env },
  });
}

/** Builds with `next build ...buildArgs` and `env`, serves it, and returns what `measure(url)` returns. */
export async function withShopCopy({ port, authPort, dataDir, distDir, buildArgs = [], env = {}, what }, measure) {
  const shopEnvironment = copyEnv({ port, authPort, dataDir, distDir, env });
  try {
    const build = spawn(process.execPath, [NEXT_BIN, "build", ...buildArgs], { env: shopEnvironment, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    build.stdout.on("data", (chunk) => (output += chunk));
    build.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => build.on("exit", resolve));
    if (code !== 0) throw new Error(`${what} failed (${code}):\n${output.slice(-3000)}`);
    const shop = await startShop({ env: shopEnvironment });
    try {
      return await measure(shop.url);
    } finally {
      await shop.stop();
    }
  } finally {
    rmSync(distDir, { recursive: true, force: true });
  }
}
