// The one browser configuration: which chromium runs the end-to-end suite
// (playwright.config.ts), the benchmarks (bench/**, Lighthouse included) and
// `npm run screenshots`, with which flags, and how a missing one is installed
// (scripts/e2e.mjs). Plain ESM so the .mjs scripts import it as is; the TS
// config and specs get its types from browser.d.mts (a TS file importing it
// needs Node's require(esm), Node 20.19 or later).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { aptInstall } from "./apt.mjs";

/** Debian's chromium, under either of its names: preferred, since this machine cannot download Playwright's browsers. */
const SYSTEM_CHROMIUM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

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

/** The chromium binary to run: Debian's when present, else Playwright's own (after `npx playwright install chromium`). */
export function chromiumPath() {
  return systemChromium() ?? chromium.executablePath();
}

/** Playwright launchOptions: Debian's chromium when present (else Playwright's own) with CHROMIUM_FLAGS. */
export function chromiumLaunchOptions() {
  const executablePath = systemChromium();
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
 * Returns false (after saying how to get one) when none could be had.
 */
export function ensureBrowser() {
  if (systemChromium()) return true;
  if (aptInstall("chromium", { why: "for the browser tests" })) return true;
  if (sh(process.execPath, ["node_modules/@playwright/test/cli.js", "install", "chromium"]) !== 0) {
    console.error("No browser for the browser tests: install chromium, or run `npx playwright install chromium`.");
    return false;
  }
  return true;
}
