import { spawnSync } from "node:child_process";
import { authEmulatorHost, e2eBackend } from "../support";
// Static imports (both only read their variables when called): a dynamic import() of a helper
// is loaded by Node's own ES module loader, which does not compile TypeScript, unless an
// earlier spec in the same worker happened to load it already (helpers/db.ts does).
import { suiteProjectId } from "./db-firestore";
import { dbPath } from "./db-sqlite";

/**
 * Only what a shell needs, plus `extra`: nothing of the suite's own environment leaks in.
 * No NODE_ENV: with NODE_ENV=production lib/env.ts checks a process as a production
 * one and refuses the Auth emulator these commands are pointed at.
 */
export function shellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
  return env as NodeJS.ProcessEnv; // Next's types declare NODE_ENV always set; a shell need not set it.
}

/** `npm run admin -- …` as ops run it against the suite's Auth emulator; exit code and everything printed. */
export function adminCommand(...args: string[]): { code: number; out: string } {
  const result = spawnSync("npm", ["run", "--silent", "admin", "--", ...args], {
    encoding: "utf8",
    timeout: 60_000,
    env: shellEnv({ FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost, ADMIN_EMAILS: "admin@storefront.local" }),
  });
  return { code: result.status ?? -1, out: `${result.stdout}${result.stderr}` };
}

/** The variables that point a command at the suite's own store (its SQLite file, or its Firestore emulator project). */
export async function suiteStoreEnv(): Promise<Record<string, string>> {
  return e2eBackend === "firestore"
    ? {
        STORE_BACKEND: "firestore",
        FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST ?? "",
        FIREBASE_PROJECT_ID: suiteProjectId(),
      }
    : { STORE_BACKEND: "sqlite", SQLITE_PATH: dbPath() };
}

/** `npm run admin -- …` against the suite's own store. */
export async function adminCommandOnSuiteStore(...args: string[]): Promise<{ code: number; out: string }> {
  const result = spawnSync("npm", ["run", "--silent", "admin", "--", ...args], {
    encoding: "utf8",
    timeout: 60_000,
    env: shellEnv(await suiteStoreEnv()),
  });
  return { code: result.status ?? -1, out: `${result.stdout}${result.stderr}` };
}
