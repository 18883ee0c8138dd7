// Starts the shop exactly as `npm run start:local` does (production build,
// embedded defaults, demo catalogue) on its own port and data folder, and
// stops it again. Used by every benchmark and by `npm run screenshots`.
// The process is scripts/lib/shop-launcher.mjs's (via "local": the whole
// local stack, in a process group of its own, ready once /api/health
// answers), as for start:local itself and the end-to-end suite.
//
// With `firestoreHost` the same shop runs on the Firestore emulator at that
// host instead of SQLite (seeded with the demo catalogue when empty, built
// against it): the production backend. Several shops may share one emulator
// (one database, several instances, as on Vercel); give them one
// `nextauthSecret` so a session made by one is valid on the others, and one
// `distDir` so they serve the same build.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { shopPlace, startShop as launchShop } from "../../scripts/lib/shop-launcher.mjs";

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
  const dataDir = mkdtempSync(join(tmpdir(), "storefront-bench-"));
  // --firestore: local mode's production-like switch; it uses the emulator
  // FIRESTORE_EMULATOR_HOST names (ours, shared by every instance).
  const flags = ["--no-persist", ...(firestoreHost ? ["--firestore"] : [])];
  const startedAt = Date.now();
  let built = false;
  let shop;
  try {
    shop = await launchShop({
      via: "local",
      flags,
      env: {
        ...process.env,
        ...shopPlace({ port, authPort, distDir, dataDir }),
        ...(firestoreHost && firestoreEnv(firestoreHost)),
        ...(nextauthSecret && { NEXTAUTH_SECRET: nextauthSecret }),
        ...env,
      },
      onLine: (line, stream) => {
        if (stream === "stdout" && line.includes("Building the shop")) built = true;
        // Progress stays quiet; problems show (local.mjs prints them, and its services', on stderr).
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
    backend: firestoreHost ? "firestore" : "sqlite",
    /** Whether this start had to build, and how long until the shop answered. */
    built,
    startSeconds: (Date.now() - startedAt) / 1000,
    async stop() {
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
