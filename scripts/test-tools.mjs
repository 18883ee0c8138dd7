// What the browser tests and the Vercel check need from outside npm ci:
// Debian's chromium headless shell (installed with apt when missing, as root) and the
// Vercel CLI (into ~/.cache/storefront). npm test (scripts/test-all.mjs)
// runs this once, beside the unit suite, so the jobs after it never install
// at the same moment (apt holds one lock). Exit 1 when either is missing.
import { ensureBrowser } from "./lib/browser.mjs";
import { vercelCli } from "./vercel/cli.mjs";

if (!ensureBrowser({ headlessShell: true })) process.exit(1);
vercelCli();
