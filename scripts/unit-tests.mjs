// Runs every tests/**/*.test.ts with Node's test runner. Node 20's --test
// takes no globs, so the files are listed here; cross-platform, no shell globbing.
//
// Each file is bundled first, all at once, by esbuild (the compiler tsx runs
// on each file), and the runner runs the bundles: compiling once in one process
// instead of once per test process through tsx's loader: 180 instead of 260
// CPU-seconds and 137 instead of 177 s for the suite on an idle two-core
// machine (CI's cores are busy throughout npm test). A bundle is its test file
// with the shop's code it imports; packages and the tree's .mjs files stay
// imports, loaded from where they are. A failure's stack names the TypeScript
// lines (inline source maps). One file alone, without the bundle:
// node --conditions=react-server --import tsx --test tests/<file>.test.ts
//
// The Firestore store contract runs on the official Cloud Firestore emulator,
// which this script starts on a free port and stops afterwards (also on a
// failure or Ctrl-C). A FIRESTORE_EMULATOR_HOST already set is reused. Where
// the emulator is missing the run fails with one line saying how to get it:
// a suite that silently skipped the production backend would prove nothing.
// The same holds for Redis: the shared rate limits' test runs Debian's
// redis-server, which this script installs first where it is missing and it
// can (root, apt); where it cannot, one line says how to get it.
import { spawn } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { HOW_TO_GET_IT, startFirestoreEmulator } from "./lib/firestore-emulator.mjs";
import { ensureRedisServer, HOW_TO_GET_REDIS } from "./lib/redis-server.mjs";

function findTests(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "e2e" ? [] : findTests(path);
    return entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

const files = findTests("tests").sort();
if (files.length === 0) {
  console.error("No unit tests found under tests/");
  process.exit(1);
}

/** The emulator to test against: the user's, or one started here (null when missing). */
async function emulatorHost() {
  if (process.env.FIRESTORE_EMULATOR_HOST) return { host: process.env.FIRESTORE_EMULATOR_HOST, stop: async () => {} };
  try {
    return await startFirestoreEmulator({ shortLived: true });
  } catch (error) {
    console.error(error.message === HOW_TO_GET_IT ? HOW_TO_GET_IT : `Could not start the Firestore emulator: ${error.message}`);
    return null;
  }
}

const BUNDLE_DIR = join("test-results", "unit-bundles");

/** The tree's JavaScript modules (scripts, cache handlers) stay where they are: they find files from their own place (import.meta.url). */
const javascriptStaysPut = {
  name: "javascript-stays-put",
  setup(builder) {
    builder.onResolve({ filter: /^(\.|@\/).*\.mjs$/ }, async ({ path, resolveDir, kind, importer, pluginData }) => {
      if (pluginData?.stayPut) return undefined;
      const found = await builder.resolve(path, { resolveDir, kind, importer, pluginData: { stayPut: true } });
      return found.errors.length > 0 ? { errors: found.errors } : { path: found.path, external: true };
    });
  },
};

/** Bundles every test file into BUNDLE_DIR (same tree under it); returns the bundles' paths. */
async function bundleTests() {
  rmSync(BUNDLE_DIR, { recursive: true, force: true });
  const result = await build({
    entryPoints: files,
    outbase: "tests",
    outdir: BUNDLE_DIR,
    // CommonJS, as tsx runs this package's .ts files (package.json has no "type"): packages resolve as they do there.
    outExtension: { ".js": ".cjs" },
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    packages: "external",
    // lib modules import "server-only", which only resolves under that condition (as the runner's below).
    conditions: ["react-server"],
    sourcemap: "inline",
    plugins: [javascriptStaysPut],
    logLevel: "warning",
    metafile: true,
  });
  return Object.keys(result.metafile.outputs).sort();
}

const bundles = await bundleTests().catch((error) => {
  // esbuild has printed each error with its file and line.
  console.error(`Could not bundle the test files: ${error.message.split("\n")[0]}`);
  process.exit(1);
});
if (!ensureRedisServer()) {
  console.error(HOW_TO_GET_REDIS);
  process.exit(1);
}
const emulator = await emulatorHost();
if (!emulator) process.exit(1);

let child = null;
let stopping = null;
/** Stops the test child and the emulator once, then exits with `code`. */
function finish(code) {
  stopping ??= (async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await emulator.stop();
    process.exit(code);
  })();
  return stopping;
}
process.on("SIGINT", () => finish(130));
process.on("SIGTERM", () => finish(143));

// Files run three at a time: most wait on the emulator or on timers, not the CPU. Node's default,
// one fewer than the cores, runs them one by one on CI's two cores (about 4 minutes instead of 2).
// Each file that touches Firestore has a project of its own on the emulator, and SQLite files their own folders.
const CONCURRENCY = "--test-concurrency=3";
// react-server: lib modules import "server-only", which only resolves under that condition.
child = spawn(
  process.execPath,
  [
    "--conditions=react-server",
    "--enable-source-maps",
    "--test",
    CONCURRENCY,
    "--test-reporter=spec",
    ...process.argv.slice(2),
    ...bundles,
  ],
  // No Google Cloud metadata server probe from firebase-admin (a network call that warns on an unexpected answer).
  { stdio: "inherit", env: { ...process.env, FIRESTORE_EMULATOR_HOST: emulator.host, METADATA_SERVER_DETECTION: "none" } },
);
child.on("error", (error) => {
  console.error(`Could not run the tests: ${error.message}`);
  finish(1);
});
child.on("exit", (code) => finish(code ?? 1));
