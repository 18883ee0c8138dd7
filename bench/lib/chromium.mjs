// Debian's chromium and the flags every benchmark runs it with (Lighthouse
// through chrome-launcher, the live-delay and reads probes through
// Playwright): headless, no sandbox (root in a container), and none of
// Chrome's own background traffic competing with the shop on loopback.
import { chromium } from "@playwright/test";

export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A Playwright browser on Debian's chromium with the flags above. */
export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}
