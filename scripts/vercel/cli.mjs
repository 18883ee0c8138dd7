// The Vercel CLI the build check runs, installed on first use into
// ~/.cache/storefront (not a project dependency: its native helpers for
// macOS and Windows are not on every registry, and a lock that lacks them
// breaks `npm ci` there).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export const VERCEL_CLI_VERSION = "60.1.3"; // 61 and later do not resolve on every registry we build from

/** The CLI's path, installed first when missing; throws when the install fails. */
export function vercelCli() {
  const dir = join(homedir(), ".cache", "storefront", `vercel-cli-${VERCEL_CLI_VERSION}`);
  const bin = join(dir, "node_modules", ".bin", "vercel");
  if (!existsSync(bin)) {
    console.log(`Installing the Vercel CLI ${VERCEL_CLI_VERSION} into ${dir} (once)...`);
    mkdirSync(dir, { recursive: true });
    const args = ["install", "--prefix", dir, `vercel@${VERCEL_CLI_VERSION}`, "--no-audit", "--no-fund", "--no-package-lock"];
    const result = spawnSync("npm", args, { stdio: "inherit" });
    if (result.status !== 0) throw new Error(`npm ${args.join(" ")} failed (${result.status ?? result.signal})`);
  }
  return bin;
}
