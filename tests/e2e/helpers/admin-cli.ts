import { spawnSync } from "node:child_process";
import { authEmulatorHost } from "../support";

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
