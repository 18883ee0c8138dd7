import { defineConfig, devices } from "@playwright/test";
import { existsSync } from "node:fs";

/**
 * End-to-end tests against a production build on the embedded defaults
 * (SQLite + Auth emulator), started by scripts/local.mjs exactly as
 * `npm run start:local` does, on its own port, data folder and build folder.
 * Run through `npm run test:e2e` (scripts/e2e.mjs), which prepares those.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

// Debian's chromium where it exists (this machine cannot download Playwright's
// browsers); elsewhere Playwright's own, after `npx playwright install chromium`.
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((path) => existsSync(path));

function browserUse() {
  return {
    ...devices["Desktop Chrome"],
    launchOptions: systemChromium
      ? {
          executablePath: systemChromium,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        }
      : {},
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
  },
  // Specs that add products run last (their own project), so the catalogue
  // positions every other spec checks are the demo catalogue's.
  projects: [
    {
      name: "chromium",
      testIgnore: /(accounts|security|inert)\.spec\.ts/,
      use: browserUse(),
    },
    {
      name: "catalogue-writes",
      testMatch: /(accounts|security|inert)\.spec\.ts/,
      dependencies: ["chromium"],
      use: browserUse(),
    },
  ],
  webServer: {
    command: "node scripts/local.mjs start --no-persist",
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    env: {
      PORT: String(port),
      AUTH_EMULATOR_PORT: process.env.E2E_AUTH_EMULATOR_PORT ?? "9199",
      NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? ".next-e2e",
      LOCAL_DATA_DIR: process.env.E2E_DATA_DIR ?? ".data-e2e",
      NEXTAUTH_URL: baseURL,
    },
  },
});
