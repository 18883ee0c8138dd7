// The embedded defaults: everything the shop needs to run with no Firebase
// project and no network. Values already in the environment (or in .env,
// .env.local) win; .env.example documents each one.
import * as nextEnvModule from "@next/env";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

// @next/env is CommonJS marked __esModule: Node's ESM sees its exports as the
// default export, a transpiler (tsx, when a spec's helper requires this file)
// as named ones.
const { loadEnvConfig } = nextEnvModule.loadEnvConfig ? nextEnvModule : nextEnvModule.default;

export const LOCAL_ADMIN_EMAIL = "admin@storefront.local";
export const LOCAL_ADMIN_PASSWORD = "storefront-admin-local";

/**
 * The environment for the local shop, the seed script and the emulators.
 * backend "firestore" is the production-like mode: the store is Cloud
 * Firestore (the official emulator, whose host the caller sets once it runs)
 * and the build goes to its own folder, so it is never mistaken for (or
 * served instead of) a build prerendered from the SQLite store.
 * `overrides` are taken as if they were in the environment, without
 * touching process.env (scripts/lib/shop-launcher.mjs `shopEnv` places a
 * shop with them).
 */
export function localEnv(mode, { backend = "sqlite", overrides = {} } = {}) {
  loadEnvConfig(process.cwd(), mode === "dev");
  const base = { ...process.env, ...overrides };
  const dataDir = resolve(base.LOCAL_DATA_DIR || ".data");
  mkdirSync(dataDir, { recursive: true });
  const port = base.PORT || "3000";
  const authPort = base.AUTH_EMULATOR_PORT || "9099";
  const authHost = `127.0.0.1:${authPort}`;
  const projectId = base.NEXT_PUBLIC_FIREBASE_PROJECT_ID || "demo-storefront";
  refuseRealProject(base, projectId);
  return {
    ...base,
    // The mark that this production build or start is a local one, on the
    // emulators or the embedded store: lib/env.ts exempts it from the
    // production refusals (and refuses it on Vercel or with a real project).
    STOREFRONT_LOCAL: "1",
    NEXT_TELEMETRY_DISABLED: "1",
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: "1",
    // Not on Google Cloud: firebase-admin's default credentials otherwise ask the metadata
    // server whether they are (gcp-metadata), a network call that warns on any unexpected answer.
    METADATA_SERVER_DETECTION: base.METADATA_SERVER_DETECTION || "none",
    LOCAL_DATA_DIR: dataDir,
    PORT: port,
    AUTH_EMULATOR_PORT: authPort,
    NEXTAUTH_URL: base.NEXTAUTH_URL || `http://localhost:${port}`,
    NEXTAUTH_SECRET: base.NEXTAUTH_SECRET || persistentSecret(join(dataDir, "nextauth-secret")),
    SQLITE_PATH: base.SQLITE_PATH || join(dataDir, "storefront.db"),
    MEDIA_DIR: base.MEDIA_DIR || join(dataDir, "media"),
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: projectId,
    FIREBASE_PROJECT_ID: base.FIREBASE_PROJECT_ID || projectId,
    FIREBASE_AUTH_EMULATOR_HOST: base.FIREBASE_AUTH_EMULATOR_HOST || authHost,
    NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: base.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST || authHost,
    ADMIN_EMAILS: base.ADMIN_EMAILS || LOCAL_ADMIN_EMAIL,
    LOCAL_ADMIN_PASSWORD: base.LOCAL_ADMIN_PASSWORD || LOCAL_ADMIN_PASSWORD,
    ...(backend === "firestore" && firestoreOverrides(base)),
  };
}

/**
 * The production-like mode's variables. The project stays the Auth
 * emulator's demo- project: firebase-admin checks ID tokens against
 * FIREBASE_PROJECT_ID, so the store and sign-in must name the same one.
 */
function firestoreOverrides(base) {
  return {
    STORE_BACKEND: "firestore",
    NEXT_DIST_DIR: base.NEXT_DIST_DIR || ".next-firestore",
  };
}

/**
 * The local modes (start:local, dev, the e2e suite, the bench, the
 * screenshots) run on the embedded store or the emulators, never on a real
 * Firebase project: they seed and write test data. Next's loader reads
 * .env.production.local in every production-mode run, so an ops key left
 * there (or exported in the shell for npm run seed) would otherwise point a
 * local shop, its seeding and its tests at production.
 */
function refuseRealProject(base, projectId) {
  const real = [
    ["FIREBASE_CLIENT_EMAIL", base.FIREBASE_CLIENT_EMAIL],
    ["FIREBASE_PRIVATE_KEY", base.FIREBASE_PRIVATE_KEY && "(a key)"],
    ["FIREBASE_PROJECT_ID", base.FIREBASE_PROJECT_ID && !base.FIREBASE_PROJECT_ID.startsWith("demo-") && base.FIREBASE_PROJECT_ID],
    ["NEXT_PUBLIC_FIREBASE_PROJECT_ID", !projectId.startsWith("demo-") && projectId],
  ].filter(([, value]) => value);
  if (real.length === 0) return;
  throw new Error(
    `The local shop runs on its embedded store or the emulators, never on a real Firebase project, but ${real.map(([name]) => name).join(", ")} ` +
      `${real.length === 1 ? "is" : "are"} set (in the shell, or a .env file such as .env.production.local). Unset ${real.length === 1 ? "it" : "them"} for local work; ` +
      "to run a build against a real project, use npm run build && npm start (docs/DEPLOY.md).",
  );
}

/** "firestore" when the command line asks for the production-like mode, else "sqlite". */
export function backendFromFlags(flags) {
  return flags.includes("--firestore") ? "firestore" : "sqlite";
}

/** A random NEXTAUTH_SECRET kept in the data folder, so sessions survive restarts. */
function persistentSecret(file) {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/** A demo- project exists only in the emulators (Firebase's convention). */
export function usesAuthEmulator(env) {
  return env.NEXT_PUBLIC_FIREBASE_PROJECT_ID.startsWith("demo-");
}
