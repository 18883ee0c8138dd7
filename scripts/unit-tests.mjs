// Runs every tests/**/*.test.ts with Node's test runner. Node 20's --test
// takes no globs, so the files are listed here; cross-platform, no shell globbing.
//
// The Firestore store contract runs on the official Cloud Firestore emulator,
// which this script starts on a free port and stops afterwards (also on a
// failure or Ctrl-C). A FIRESTORE_EMULATOR_HOST already set is reused. Where
// the emulator is missing the run fails with one line saying how to get it:
// a suite that silently skipped the production backend would prove nothing.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { HOW_TO_GET_IT, startFirestoreEmulator } from "./lib/firestore-emulator.mjs";

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
  ["--conditions=react-server", "--import", "tsx", "--test", CONCURRENCY, "--test-reporter=spec", ...process.argv.slice(2), ...files],
  // No Google Cloud metadata server probe from firebase-admin (a network call that warns on an unexpected answer).
  { stdio: "inherit", env: { ...process.env, FIRESTORE_EMULATOR_HOST: emulator.host, METADATA_SERVER_DETECTION: "none" } },
);
child.on("error", (error) => {
  console.error(`Could not run the tests: ${error.message}`);
  finish(1);
});
child.on("exit", (code) => finish(code ?? 1));
