// The shop's own pages built with webpack (`next build --webpack`) instead of
// Turbopack, first-load JS measured as for the Turbopack build: the empty
// app's floor alone (bench/framework-floor.mjs) does not say which bundler
// makes the shop lighter. Built from the running bench shop's SQLite file
// (the demo catalogue), into its own folder, served on its own port; only
// the bytes of its scripts are measured, so it may share the machine.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { NEXT_BIN, shopEnv, startShop } from "../scripts/lib/shop-launcher.mjs";
import { firstLoadJs } from "./first-load-js.mjs";

const DIST_DIR = ".next-bench-webpack";

export async function webpackShopJs({ port, authPort, dataDir, pages }) {
  const env = shopEnv({ mode: "start", backend: "sqlite", port, authPort, distDir: DIST_DIR, dataDir, env: { SQLITE_PATH: join(dataDir, "storefront.db") } });
  try {
    const build = spawn(process.execPath, [NEXT_BIN, "build", "--webpack"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    build.stdout.on("data", (chunk) => (output += chunk));
    build.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => build.on("exit", resolve));
    if (code !== 0) throw new Error(`next build --webpack failed (${code}):\n${output.slice(-3000)}`);
    const shop = await startShop({ env });
    try {
      return await firstLoadJs(shop.url, pages);
    } finally {
      await shop.stop();
    }
  } finally {
    rmSync(DIST_DIR, { recursive: true, force: true });
  }
}
