// npm run test:e2e: the Playwright suite against a fresh production build on
// the embedded defaults. Makes sure a browser exists, gives the run a fresh
// data folder (so every run starts from the demo catalogue), then runs Playwright.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  return result.status ?? 1;
}

function ensureBrowser() {
  if (["/usr/bin/chromium", "/usr/bin/chromium-browser"].some((p) => existsSync(p))) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Installing Debian's chromium for the end-to-end tests...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    if (sh("apt-get", ["update", "-qq"], { env }) === 0 && sh("apt-get", ["install", "-y", "-qq", "chromium"], { env }) === 0) {
      return;
    }
    console.warn("apt-get could not install chromium; trying Playwright's own browser.");
  }
  if (sh(process.execPath, ["node_modules/@playwright/test/cli.js", "install", "chromium"]) !== 0) {
    console.error("No browser for the end-to-end tests: install chromium, or run `npx playwright install chromium`.");
    process.exit(1);
  }
}

ensureBrowser();
const dataDir = mkdtempSync(join(tmpdir(), "storefront-e2e-"));
const status = sh(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], {
  env: { ...process.env, E2E_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1" },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
