// What the browser tests and the Vercel check need from outside npm ci:
// Debian's chromium headless shell (installed with apt when missing, as root) and the
// Vercel CLI (into ~/.cache/storefront). npm test (scripts/test-all.mjs)
// runs this once, beside the unit suite (which may install redis-server: the
// two take turns, scripts/lib/apt.mjs), so the jobs after it never install.
// Exit 1 when either is missing.
import { ensureBrowser } from "./lib/browser.mjs";
import { vercelCli } from "./vercel/cli.mjs";

if (!ensureBrowser({ headlessShell: true })) process.exit(1);
vercelCli();
