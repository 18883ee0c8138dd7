// The benchmarks' browser: scripts/lib/browser.mjs, the one configuration the
// end-to-end suite and the screenshots use too (Debian's chromium where
// present, with its flags). Lighthouse launches it through chrome-launcher,
// which needs the headless flag Playwright sets on its own.
import { CHROMIUM_FLAGS, HEADLESS_FLAG, chromiumPath, launchBrowser } from "../../scripts/lib/browser.mjs";

export { launchBrowser };

/** The chromium binary every benchmark runs. */
export const CHROMIUM = chromiumPath();

/** Flags for launchers other than Playwright (chrome-launcher). */
export const CHROMIUM_FLAGS_HEADLESS = [HEADLESS_FLAG, ...CHROMIUM_FLAGS];
