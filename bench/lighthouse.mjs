// Lighthouse (the npm package) on shop pages, mobile (its default config:
// Moto G-class device, simulated slow 4G and 4x CPU slowdown) and desktop
// (its desktop config), in Debian's chromium. One Chrome serves every run.
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { CHROMIUM, CHROMIUM_FLAGS } from "./lib/chromium.mjs";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

function summarise(lhr) {
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${lhr.finalDisplayedUrl}: ${lhr.runtimeError.message}`);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    // What cost points, for whoever fixes it: weighted audits below 0.9.
    losses: Object.fromEntries(
      CATEGORIES.map((id) => [
        id,
        (lhr.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 0.9)
          .map((ref) => ref.id),
      ]),
    ),
    warnings: lhr.runWarnings ?? [],
  };
}

/** One row per (page, form factor). */
export async function lighthouseRuns(baseURL, pages, { log = console.log } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const rows = [];
  try {
    for (const { label, path } of pages) {
      for (const [formFactor, config] of [["mobile", undefined], ["desktop", desktopConfig]]) {
        const result = await lighthouse(
          `${baseURL}${path}`,
          { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES },
          config,
        );
        const row = { label, path, formFactor, ...summarise(result.lhr) };
        rows.push(row);
        log(
          `  ${label} ${formFactor}: ${CATEGORIES.map((c) => row.scores[c]).join("/")}, ` +
            `LCP ${row.lcpMs.toFixed(0)} ms, TBT ${row.tbtMs.toFixed(0)} ms, CLS ${row.cls}`,
        );
      }
    }
  } finally {
    chrome.kill();
  }
  return rows;
}
