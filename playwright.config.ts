import { defineConfig, devices } from "@playwright/test";
import { existsSync } from "node:fs";
import passes from "./tests/e2e/passes.json";

/**
 * End-to-end tests against a production build, started by scripts/local.mjs
 * exactly as `npm run start:local` does, on its own port, data folder and
 * build folder. Run through `npm run test:e2e` (scripts/e2e.mjs), which runs
 * one pass per store backend (E2E_BACKEND): SQLite with every spec, and
 * Firestore (the official emulator, which scripts/e2e.mjs starts and names in
 * FIRESTORE_EMULATOR_HOST) with the specs tests/e2e/passes.json lists.
 */
const backend = process.env.E2E_BACKEND === "firestore" ? "firestore" : "sqlite";
const port = Number(process.env.E2E_PORT ?? (backend === "firestore" ? 3200 : 3100));
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

const file = (names: string[]) => names.map((name) => new RegExp(`(^|/)${name.replace(/\./g, "\\.")}$`));
const writesCatalogue = (name: string) => passes.catalogueWrites.includes(name);

// Specs that add products run last (their own project), so the catalogue
// positions every other spec checks are the demo catalogue's.
const specs =
  backend === "firestore"
    ? { reads: { testMatch: file(passes.firestore.filter((n) => !writesCatalogue(n))) }, writes: { testMatch: file(passes.firestore.filter(writesCatalogue)) } }
    : {
        reads: { testIgnore: file([...passes.catalogueWrites, ...passes.firestoreOnly]) },
        writes: { testMatch: file(passes.catalogueWrites.filter((n) => !passes.firestoreOnly.includes(n))) },
      };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Generous on purpose: tests assert correctness; the tight figures are the bench's (npm run bench).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
  },
  projects: [
    { name: `${backend}`, ...specs.reads, use: browserUse() },
    { name: `${backend}-catalogue-writes`, ...specs.writes, dependencies: [backend], use: browserUse() },
  ],
  webServer: {
    command: `node scripts/local.mjs start --no-persist${backend === "firestore" ? " --firestore" : ""}`,
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    env: {
      PORT: String(port),
      AUTH_EMULATOR_PORT: process.env.E2E_AUTH_EMULATOR_PORT ?? (backend === "firestore" ? "9299" : "9199"),
      NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? (backend === "firestore" ? ".next-e2e-firestore" : ".next-e2e"),
      LOCAL_DATA_DIR: process.env.E2E_DATA_DIR ?? ".data-e2e",
      NEXTAUTH_URL: baseURL,
    },
  },
});
