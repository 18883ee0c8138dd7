// Starts the shop exactly as `npm run start:local` does (production build,
// embedded defaults, demo catalogue) on its own port and data folder, and
// stops it again. Used by every benchmark.
//
// With `firestoreHost` the same shop runs on the Firestore emulator at that
// host instead of SQLite (seeded with the demo catalogue when empty, built
// against it): the production backend. Several shops may share one emulator
// (one database, several instances, as on Vercel); give them one
// `nextauthSecret` so a session made by one is valid on the others, and one
// `distDir` so they serve the same build.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Whether anything answers HTTP at `url` now. */
async function answers(url) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

/** The environment that puts a shop on the Firestore emulator at `host` (demo- project: emulators only). */
export const firestoreEnv = (host) => ({
  STORE_BACKEND: "firestore",
  FIRESTORE_EMULATOR_HOST: host,
  FIREBASE_PROJECT_ID: "demo-storefront",
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: "demo-storefront",
});

export async function startShop({
  port = 3700,
  authPort = 9799,
  distDir = ".next-bench",
  firestoreHost,
  nextauthSecret,
  env = {},
} = {}) {
  // A leftover shop there (say, from an interrupted run) would pass the
  // readiness check in place of this one and be measured instead.
  if (await answers(`http://localhost:${port}/api/health`)) {
    throw new Error(`port ${port} already answers: stop the process serving it first`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), "storefront-bench-"));
  // --firestore: local mode's production-like switch; it uses the emulator
  // FIRESTORE_EMULATOR_HOST names (ours, shared by every instance).
  const flags = ["--no-persist", ...(firestoreHost ? ["--firestore"] : [])];
  const child = spawn(process.execPath, ["scripts/local.mjs", "start", ...flags], {
    env: {
      ...process.env,
      PORT: String(port),
      AUTH_EMULATOR_PORT: String(authPort),
      NEXT_DIST_DIR: distDir,
      LOCAL_DATA_DIR: dataDir,
      NEXTAUTH_URL: `http://localhost:${port}`,
      ...(firestoreHost && firestoreEnv(firestoreHost)),
      ...(nextauthSecret && { NEXTAUTH_SECRET: nextauthSecret }),
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  const baseURL = `http://localhost:${port}`;
  const startedAt = Date.now();
  let built = false;
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      const text = chunk.toString();
      if (text.includes("Building the shop")) built = true;
      if (text.includes("Storefront is ready")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`the shop exited (${code}) before it was ready`)));
  });
  // Keep draining the shop's output so a full pipe never stalls it.
  child.stdout.resume();
  return {
    baseURL,
    dataDir,
    backend: firestoreHost ? "firestore" : "sqlite",
    /** Whether this start had to build, and how long until the shop answered. */
    built,
    startSeconds: (Date.now() - startedAt) / 1000,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        process.kill(-child.pid, "SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
