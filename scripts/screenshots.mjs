// npm run screenshots: starts the shop like start:local (own port and data
// folder) and saves docs/screenshots/{home,category,details}-{1280,768,390}.png
// with the suite's browser (scripts/lib/browser.mjs: Debian's chromium where present).
import { mkdirSync } from "node:fs";
import { startShop } from "../bench/lib/server.mjs";
import { launchBrowser } from "./lib/browser.mjs";

const WIDTHS = [1280, 768, 390];
const PAGES = [
  ["home", "/"],
  ["category", "/electronics"],
  ["details", "/details-page/aurora-anc-headphones"],
];

mkdirSync("docs/screenshots", { recursive: true });
const shop = await startShop({ port: 3800, authPort: 9899, distDir: ".next-bench" });
const browser = await launchBrowser();
try {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    for (const [name, path] of PAGES) {
      await page.goto(shop.baseURL + path, { waitUntil: "networkidle" });
      const file = `docs/screenshots/${name}-${width}.png`;
      // The first two screens: what a shopper sees before scrolling, and a bit more.
      await page.screenshot({ path: file, clip: { x: 0, y: 0, width, height: Math.min(1800, await page.evaluate(() => document.body.scrollHeight)) } });
      console.log(`saved ${file}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await shop.stop();
}
