import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/lib/browser.mjs";
import { shopPlace } from "./scripts/lib/shop-launcher.mjs";
import { shopLogPath } from "./scripts/lib/shop-log-file.mjs";
import passes from "./tests/e2e/passes.json";

/**
 * End-to-end tests against a production build, started by scripts/local.mjs
 * exactly as `npm run start:local` does, on its own port, data folder and
 * build folder. Run through `npm run test:e2e` (scripts/e2e.mjs), which runs
 * three passes (E2E_PASS): SQLite with every spec but firestoreOnly, Firestore (the official
 * emulator, which scripts/e2e.mjs starts and names in FIRESTORE_EMULATOR_HOST)
 * with the specs tests/e2e/passes.json lists, and empty: Firestore never
 * seeded, built and served on an empty catalogue (a first deploy).
 * E2E_BACKEND is the store the specs read back from (tests/e2e/helpers/db.ts).
 * The browser is scripts/lib/browser.mjs's (Debian's headless shell where present,
 * else its chromium or Playwright's own), the shop's place scripts/lib/shop-launcher.mjs's, as for
 * the shops specs start themselves (tests/e2e/helpers/shop-process.ts).
 * Importing those .mjs files needs Node 20.19 or later (require of ES modules).
 */
type Pass = "sqlite" | "firestore" | "empty";
// Run directly (npx playwright test), E2E_BACKEND alone picks the SQLite or Firestore pass.
const pass: Pass =
  (["firestore", "empty"] as const).find((p) => p === process.env.E2E_PASS) ??
  (process.env.E2E_BACKEND === "firestore" ? "firestore" : "sqlite");
const backend = pass === "sqlite" ? "sqlite" : "firestore";
const defaults = {
  sqlite: { port: 3100, authEmulatorPort: "9199", distDir: ".next-e2e" },
  firestore: { port: 3200, authEmulatorPort: "9299", distDir: ".next-e2e-firestore" },
  empty: { port: 3300, authEmulatorPort: "9399", distDir: ".next-e2e-empty" },
}[pass];
const port = Number(process.env.E2E_PORT ?? defaults.port);
export const baseURL = `http://localhost:${port}`;

function browserUse() {
  return { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions({ headlessShell: true }) };
}

const file = (names: string[]) => names.map((name) => new RegExp(`(^|/)${name.replace(/\./g, "\\.")}$`));
const writesCatalogue = (name: string) => passes.catalogueWrites.includes(name);

// Specs that add products run last (their own project), so the catalogue
// positions every other spec checks are the demo catalogue's.
const specs = {
  firestore: {
    reads: { testMatch: file(passes.firestore.filter((n) => !writesCatalogue(n))) },
    writes: { testMatch: file(passes.firestore.filter(writesCatalogue)) },
  },
  sqlite: {
    reads: { testIgnore: file([...passes.catalogueWrites, ...passes.firestoreOnly, ...passes.empty]) },
    writes: { testMatch: file(passes.catalogueWrites.filter((n) => !passes.firestoreOnly.includes(n))) },
  },
}[backend];

// The empty pass is one project: its spec checks the empty shop, then adds the first product itself.
const projects =
  pass === "empty"
    ? [{ name: "empty", testMatch: file(passes.empty), use: browserUse() }]
    : [
        { name: `${backend}`, ...specs.reads, use: browserUse() },
        { name: `${backend}-catalogue-writes`, ...specs.writes, dependencies: [backend], use: browserUse() },
      ];

// The empty pass always builds (--rebuild): a build on an empty catalogue is what it proves, and
// it never seeds (--no-seed). The others reuse a build made from the same sources and demo catalogue.
const serverFlags = { sqlite: "", firestore: " --firestore", empty: " --firestore --no-seed --rebuild" }[pass];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  // A failed test runs once more, to record its trace (below); one that passes only on that retry
  // still fails the run: a test that passes only sometimes is a defect, and the retry tells the two apart.
  retries: 1,
  failOnFlakyTests: true,
  // Generous on purpose: tests assert correctness; the tight figures are the bench's (npm run bench).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/e2e.mjs also asks for a JSON report, to repeat every failure at the very end of the run.
  reporter: process.env.E2E_REPORT_FILE ? [["list"], ["json", { outputFile: process.env.E2E_REPORT_FILE }]] : [["list"]],
  // One folder per pass: Playwright empties its output folder when a run starts, so a
  // shared one lost the traces of a failed pass to the pass after it.
  outputDir: `test-results/${pass}`,
  use: {
    baseURL,
    // The trace (every action with the page's DOM, network and console) of a failed test's retry.
    // Recorded only then: recording every test cost 18 % of a pass's CPU (343 vs 280 CPU-seconds for
    // the cart, accounts, checkout, order-journey and home specs), and CI runs two passes on two cores.
    // Without the screencast's screenshots, which cost about a sixth more (218 vs 180 CPU-seconds).
    trace: { mode: "on-first-retry", screenshots: false },
    // The visitor's preference for less motion, which the shop honours (globals.css; the hero does not
    // autoplay): a home page left open with its hero moving costs Chromium 31 % of a core (3.1 CPU-seconds
    // in 10 s, against 0.01 on every other page), and about 80 sign-ins land on home. The specs whose
    // subject is motion (home.spec.ts, the cart's toasts) ask for none ("no-preference"), as most shoppers do.
    reducedMotion: "reduce",
  },
  projects,
  webServer: {
    command: `node scripts/local.mjs start --no-persist${serverFlags}`,
    url: `${baseURL}/api/health`,
    // The build comes first, and npm test builds two passes at once on two cores.
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    env: {
      ...shopPlace({
        port,
        authPort: process.env.E2E_AUTH_EMULATOR_PORT ?? defaults.authEmulatorPort,
        distDir: process.env.E2E_DIST_DIR ?? defaults.distDir,
        dataDir: process.env.E2E_DATA_DIR ?? ".data-e2e",
      }),
      // The shop's whole output, which scripts/e2e.mjs checks for unexpected error lines after the pass.
      SHOP_LOG_FILE: shopLogPath(pass, "suite"),
      // Admin rights are asked of Firebase again after 1 s, not production's 5 minutes,
      // so tests/e2e/admin-rights.spec.ts sees each loss within seconds.
      ADMIN_RIGHTS_TTL_SECONDS: "1",
    },
  },
});
