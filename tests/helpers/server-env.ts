import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The session secret of a test process set up by setUpServerEnv. */
export const TEST_SECRET = "a-test-secret-that-is-long-enough-0123456789";
/** The session cookie's name on the https site setUpServerEnv sets up. */
export const TEST_SESSION_COOKIE = "__Secure-next-auth.session-token";

/**
 * One test process's environment, as lib/env.ts parses it (once per
 * process): an https site, off Vercel, with a real SQLite store in a fresh
 * temporary folder, whose path is returned for the test to remove. Call it
 * before any lib module is imported (import them in `before`).
 */
export function setUpServerEnv(folderPrefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), folderPrefix));
  process.env.NEXTAUTH_URL = "https://shop.example.com";
  process.env.NEXTAUTH_SECRET = TEST_SECRET;
  process.env.SQLITE_PATH = join(dir, "store.db");
  process.env.STORE_BACKEND = "sqlite";
  delete process.env.VERCEL;
  return dir;
}
