// The one browser configuration: which chromium runs the end-to-end suite
// (playwright.config.ts), the benchmarks (bench/**, Lighthouse included) and
// `npm run screenshots`, with which flags, and how a missing one is installed
// (scripts/e2e.mjs). The suite runs in chromium's headless shell, as
// Playwright's own headless runs do: the same Blink without the full browser's
// compositor and UI, 30 % less CPU for the same specs here (467 vs 327
// CPU-seconds for the cart, accounts, checkout, order and home specs), and CI
// runs two passes on two cores. The benchmarks keep the full browser, which is
// what shoppers run and what Lighthouse needs. Plain ESM so the .mjs scripts
// import it as is; the TS config and specs get its types from browser.d.mts
// (a TS file importing it needs Node's require(esm), Node 20.19 or later).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { aptInstall } from "./apt.mjs";

/** Debian's chromium, under either of its names: preferred, since this machine cannot download Playwright's browsers. */
const SYSTEM_CHROMIUM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
/** Debian's headless shell (package chromium-headless-shell), the suite's browser. */
const SYSTEM_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The flags every launch gets, whichever chromium and whichever launcher.
 * Playwright adds most of them to its own browser already; passing them
 * again is harmless and keeps the two browsers alike.
 */
export const CHROMIUM_FLAGS = [
  // Tests and benchmarks run as root in containers, where Chrome's sandbox cannot start.
  "--no-sandbox",
  // No GPU on these machines: software rendering, without Chrome probing for one first.
  "--disable-gpu",
  // No Safe Browsing, variations or other background fetches: no network here, and on
  // loopback none of Chrome's own traffic competes with the shop being measured.
  "--disable-background-networking",
  // Nor component updates (CRLSets, Widevine, ...) or Chrome Sync, for the same reasons.
  "--disable-component-update",
  "--disable-sync",
];

/**
 * For launchers that start Chrome headed unless told (chrome-launcher, which
 * runs Lighthouse). Playwright sets headless mode itself (and --headed must
 * still work there), so it never gets this flag.
 */
export const HEADLESS_FLAG = "--headless=new";

/** Debian's chromium when installed, else null. */
function systemChromium() {
  return SYSTEM_CHROMIUM_PATHS.find((path) => existsSync(path)) ?? null;
}

/** Debian's headless shell when installed, else null. */
function systemHeadlessShell() {
  return existsSync(SYSTEM_HEADLESS_SHELL) ? SYSTEM_HEADLESS_SHELL : null;
}

/** The chromium binary to run: Debian's when present, else Playwright's own (after `npx playwright install chromium`). */
export function chromiumPath() {
  return systemChromium() ?? chromium.executablePath();
}

/**
 * Playwright launchOptions with CHROMIUM_FLAGS: Debian's chromium when present,
 * else Playwright's own. `headlessShell` (the suite's) asks for Debian's headless
 * shell; where it is missing Debian's full chromium runs, and Playwright's own
 * browser is its headless shell already. A headed run (--headed, --debug) needs
 * the full browser: CHROMIUM_PATH=/usr/bin/chromium picks it.
 */
export function chromiumLaunchOptions({ headlessShell = false } = {}) {
  const executablePath = process.env.CHROMIUM_PATH || (headlessShell && systemHeadlessShell()) || systemChromium();
  return { ...(executablePath && { executablePath }), args: [...CHROMIUM_FLAGS] };
}

/** A Playwright browser with chromiumLaunchOptions(); `options` add to or override them. */
export function launchBrowser(options = {}) {
  return chromium.launch({ ...chromiumLaunchOptions(), ...options });
}

function sh(command, args, options = {}) {
  return spawnSync(command, args, { stdio: "inherit", ...options }).status ?? 1;
}

/**
 * Makes sure a chromium is there before a run: Debian's already installed;
 * else, as root with apt, Debian's installed now; else Playwright's own
 * downloaded (`playwright install chromium`, a no-op when it is present).
 * With `headlessShell` (the suite's), Debian's headless shell the same way; a
 * run on the full chromium instead says so, since it costs the suite time.
 * Returns false (after saying how to get one) when none could be had.
 */
export function ensureBrowser({ headlessShell = false } = {}) {
  if (headlessShell) {
    if (systemHeadlessShell() || aptInstall("chromium-headless-shell", { why: "for the browser tests" })) return true;
    if (systemChromium()) {
      console.warn("No chromium-headless-shell (Debian's package): the browser tests run on the full chromium, slower.");
      return true;
    }
  }
  if (systemChromium()) return true;
  if (aptInstall("chromium", { why: "for the browser tests" })) return true;
  if (sh(process.execPath, ["node_modules/@playwright/test/cli.js", "install", "chromium"]) !== 0) {
    console.error("No browser for the browser tests: install chromium, or run `npx playwright install chromium`.");
    return false;
  }
  return true;
}
