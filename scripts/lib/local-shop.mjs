// Starts the shop exactly as `npm run start:local` does (production build,
// embedded defaults, demo catalogue) on its own port, Auth emulator port,
// build folder and a fresh data folder, and stops it again, removing that
// folder. Used by `npm run screenshots` and by every benchmark
// (bench/lib/server.mjs adds the bench's defaults and the Firestore
// emulator). The process is shop-launcher.mjs's (via "local": the whole
// local stack, in a process group of its own, ready once /api/health
// answers), as for start:local itself and the end-to-end suite.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { shopPlace, startShop } from "./shop-launcher.mjs";

/**
 * Resolves, once the shop answers, with { baseURL, dataDir, built,
 * startSeconds, stop() }. `flags` go to scripts/local.mjs after
 * --no-persist (emulator accounts never outlive the shop); `env` wins over
 * process.env and the place. Progress stays quiet; lines on stderr show
 * (local.mjs prints its own problems and its services' there).
 */
export async function startLocalShop({ port, authPort, distDir, flags = [], env = {} }) {
  const dataDir = mkdtempSync(join(tmpdir(), `storefront-local-${port}-`));
  const startedAt = Date.now();
  let built = false;
  let shop;
  try {
    shop = await startShop({
      via: "local",
      flags: ["--no-persist", ...flags],
      env: { ...process.env, ...shopPlace({ port, authPort, distDir, dataDir }), ...env },
      onLine: (line, stream) => {
        if (stream === "stdout" && line.includes("Building the shop")) built = true;
        if (stream === "stderr") process.stderr.write(`${line}\n`);
      },
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseURL: shop.url,
    dataDir,
    /** Whether this start had to build, and how long until the shop answered. */
    built,
    startSeconds: (Date.now() - startedAt) / 1000,
    async stop() {
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
