// A second build of the shop, for a measurement the bench's own build must
// not carry (another bundler, browser source maps): built from the running
// bench shop's SQLite file (the demo catalogue) into its own folder, served
// on its own port while `measure` runs, then stopped and its folder removed.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { NEXT_BIN, shopEnv, startShop } from "../../scripts/lib/shop-launcher.mjs";

/** Builds with `next build ...buildArgs` and `env`, serves it, and returns what `measure(url)` returns. */
export async function withShopCopy({ port, authPort, dataDir, distDir, buildArgs = [], env = {}, what }, measure) {
  const shopEnvironment = shopEnv({
    mode: "start",
    backend: "sqlite",
    port,
    authPort,
    distDir,
    dataDir,
    env: { SQLITE_PATH: join(dataDir, "storefront.db"), ...env },
  });
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
