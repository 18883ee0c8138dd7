// npm run start:local   production build on the embedded defaults (SQLite +
//                       Auth emulator), seeded with the demo catalogue on first run
// npm run dev           the same defaults with the dev server
//
// Flags: --rebuild (always build), --no-persist (fresh emulator accounts each run).
// Everything stops cleanly on Ctrl-C; see README.md for the variables it sets.
import { buildIsCurrent, recordBuild } from "./lib/build-check.mjs";
import { ensureLocalAdmin, startAuthEmulator } from "./lib/auth-emulator.mjs";
import { localEnv, usesAuthEmulator } from "./lib/local-env.mjs";
import { run, startService, stopAll, stopOnSignals, waitFor } from "./lib/processes.mjs";

const [mode = "start", ...flags] = process.argv.slice(2);
if (!["start", "dev"].includes(mode)) {
  console.error("usage: node scripts/local.mjs start|dev [--rebuild] [--no-persist]");
  process.exit(2);
}

const env = localEnv(mode);
const node = process.execPath;
const next = "node_modules/next/dist/bin/next";
stopOnSignals();

async function main() {
  const emulator = usesAuthEmulator(env)
    ? startAuthEmulator(env, { persist: !flags.includes("--no-persist") })
    : Promise.resolve();
  // The catalogue is seeded before the build: pages prerender from it.
  await run(node, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts", "--if-empty"], env);
  if (mode === "start") {
    if (flags.includes("--rebuild") || !buildIsCurrent(env)) {
      console.log("Building the shop (production)...");
      await run(node, [next, "build"], env);
      recordBuild(env);
    } else {
      console.log("The production build is current; skipping the build.");
    }
  }
  await emulator;
  if (usesAuthEmulator(env)) await ensureLocalAdmin(env);

  startService("shop", node, [next, mode, "--port", env.PORT], env);
  const url = `http://localhost:${env.PORT}`;
  await waitFor("the shop", async () => (await fetch(`${url}/api/health`)).ok, 120_000);
  console.log(`\nStorefront is ready at ${url}  (store: SQLite at ${env.SQLITE_PATH}; Ctrl-C stops)\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  void stopAll(1);
});
