// A second shop beside the running bench shop, on its SQLite file (the demo
// catalogue). withShopCopy() builds one for a measurement the bench's own
// build must not carry (another bundler, browser source maps) into its own
// folder, serves it on its own port while `measure` runs, then stops it and
// removes the folder; copyEnv() is its environment, for a caller that serves
// the bench's own build a second time (bench/server-profile.mjs).
//
// A build with other Next settings (`configOverrides`) is made from a copy of
// the sources in .bench-copy/ (inside the repository, so next and react
// resolve from its node_modules; ignored by git, lint and tsc) whose
// next.config.ts spreads the shop's own and adds the overrides: the shop's
// config carries no switch for the bench.
import { spawn } from "node:child_process";
import { cpSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
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
    // Rate limits x1000, as for every bench shop (lib/server.mjs says why).
    env: { SQLITE_PATH: join(dataDir, "storefront.db"), RATE_LIMIT_FACTOR: "1000", ...env },
  });
}

const COPY_DIR = ".bench-copy";
// What a build reads: everything but installs, builds, data and the bench's own outputs.
// The lockfile too: without one of its own, the copy's workspace root is the
// repository's, whose node_modules it builds with.
const NOT_COPIED =
  /^(node_modules|package-lock\.json|\.git|\.next.*|\.data.*|\.bench-.*|\.emulator|test-results|playwright-report|blob-report)$/;

/** COPY_DIR as a copy of the sources whose Next config is the shop's plus `overrides`. */
function copySources(overrides) {
  rmSync(COPY_DIR, { recursive: true, force: true });
  for (const entry of readdirSync(".").filter((name) => !NOT_COPIED.test(name))) {
    cpSync(entry, join(COPY_DIR, entry), { recursive: true });
  }
  renameSync(join(COPY_DIR, "next.config.ts"), join(COPY_DIR, "shop-next-config.ts"));
  writeFileSync(
    join(COPY_DIR, "next.config.ts"),
    `import shopConfig from "./shop-next-config";\n\nexport default { ...shopConfig, ...${JSON.stringify(overrides)} };\n`,
  );
  return COPY_DIR;
}

/**
 * Builds with `next build ...buildArgs` and `env` (from a copy of the sources
 * when `configOverrides` are given), serves it, and returns what
 * `measure(url)` returns.
 */
export async function withShopCopy({ port, authPort, dataDir, distDir, buildArgs = [], env = {}, configOverrides, what }, measure) {
  const shopEnvironment = copyEnv({ port, authPort, dataDir, distDir, env });
  const projectDir = configOverrides ? copySources(configOverrides) : undefined;
  try {
    // Run inside the copy: Next resolves next.config.ts's own imports from the working directory.
    const build = spawn(process.execPath, [resolve(NEXT_BIN), "build", ...buildArgs], {
      env: shopEnvironment,
      cwd: projectDir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    build.stdout.on("data", (chunk) => (output += chunk));
    build.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => build.on("exit", resolve));
    if (code !== 0) throw new Error(`${what} failed (${code}):\n${output.slice(-3000)}`);
    const shop = await startShop({ env: shopEnvironment, projectDir });
    try {
      return await measure(shop.url);
    } finally {
      await shop.stop();
    }
  } finally {
    rmSync(projectDir ?? distDir, { recursive: true, force: true });
  }
}
