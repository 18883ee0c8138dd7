// Lighthouse (the npm package) on shop pages, mobile (its default config:
// Moto G-class device, simulated slow 4G and 4x CPU slowdown) and desktop
// (its desktop config), in the benchmarks' chromium (bench/lib/chromium.mjs:
// Debian's where present), five runs each with the median run reported.
// One Chrome serves every run.
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { CHROMIUM, CHROMIUM_FLAGS_HEADLESS } from "./lib/chromium.mjs";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
// Five runs per page and form factor (issue 13, item 7); run before any other
// step, so each page's first run is the server's first visit to that page.
// Nothing is warmed: the image variants are static files made at build.
const RUNS = 5;

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
    // The elements behind any layout shift, as Lighthouse names them.
    shifts: (lhr.audits["layout-shifts"]?.details?.items ?? []).map((item) => ({
      score: item.score,
      element: item.node?.snippet ?? item.node?.selector ?? "(unattributed)",
    })),
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * Where a run's LCP went, as Lighthouse splits it (its "largest-contentful-
 * paint-element" audit, in the same simulated time as the metric): time to
 * first byte, the LCP resource's load delay (from TTFB until its request
 * starts), its load time, and the render delay after it loaded. Null when
 * Lighthouse gives no split.
 */
function lcpPhases(lhr) {
  const table = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[1]?.items;
  if (!Array.isArray(table) || table.length !== 4) return null;
  const [ttfb, loadDelay, loadTime, renderDelay] = table.map((row) => row.timing);
  return { ttfb, loadDelay, loadTime, renderDelay };
}

/**
 * One row per (page, form factor). A page may carry `headers` (a shopper's
 * cookie) sent with every request of its runs.
 */
export async function lighthouseRuns(baseURL, pages, { log = console.log } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS_HEADLESS });
  const rows = [];
  try {
    for (const { label, path, headers } of pages) {
      for (const [formFactor, config] of [
        ["mobile", undefined],
        ["desktop", desktopConfig],
      ]) {
        // Scores move by several points between runs on a shared machine:
        // RUNS runs, and the one Lighthouse's own computeMedianRun picks
        // (median FCP and TTI) is reported, with every run's score beside it.
        const lhrs = [];
        for (let run = 0; run < RUNS; run += 1) {
          const result = await lighthouse(
            `${baseURL}${path}`,
            { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES, ...(headers && { extraHeaders: headers }) },
            config,
          );
          summarise(result.lhr); // throws on a failed run
          lhrs.push(result.lhr);
        }
        const allPerformance = lhrs.map((lhr) => Math.round(lhr.categories.performance.score * 100));
        // Every run's deciding metrics, so a low run can be explained, not only the median.
        const eachRun = lhrs.map((lhr) => ({
          performance: Math.round(lhr.categories.performance.score * 100),
          lcpMs: lhr.audits["largest-contentful-paint"].numericValue,
          tbtMs: lhr.audits["total-blocking-time"].numericValue,
          fcpMs: lhr.audits["first-contentful-paint"].numericValue,
          lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.selector ?? null,
          lcpPhases: lcpPhases(lhr),
        }));
        // CLS is held to 0 in every run, not just the median one.
        const clsOf = (lhr) => lhr.audits["cumulative-layout-shift"].numericValue;
        const worst = lhrs.reduce((a, b) => (clsOf(b) > clsOf(a) ? b : a));
        const row = {
          label,
          path,
          formFactor,
          runs: RUNS,
          allPerformance,
          eachRun,
          ...summarise(computeMedianRun(lhrs)),
          worstCls: clsOf(worst),
          worstShifts: summarise(worst).shifts,
        };
        rows.push(row);
        log(
          `  ${label} ${formFactor}: ${CATEGORIES.map((c) => row.scores[c]).join("/")}, ` +
            `LCP ${row.lcpMs.toFixed(0)} ms, TBT ${row.tbtMs.toFixed(0)} ms, CLS ${row.cls} (worst ${row.worstCls}); ` +
            `performance in each run: ${allPerformance.join(", ")}`,
        );
      }
    }
  } finally {
    chrome.kill();
  }
  return rows;
}
