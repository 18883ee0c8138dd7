// §2 of docs/BENCHMARKS.md, "Lighthouse": each page and form factor's
// median run, the audits that cost points, and every mobile run's LCP in
// Lighthouse's own phases (bench/lighthouse.mjs measures). Formatting only.
import { cls, n0 } from "./report-format.mjs";

export function lighthouseSection(rows, versions) {
  return [
    `Lighthouse ${versions.lighthouse} (npm) in ${versions.chromium}, headless. Mobile is Lighthouse's default (emulated`,
    "Moto G Power, simulated slow 4G, 4× CPU slowdown); desktop is its desktop config. Scores: performance /",
    `accessibility / best practices / SEO. Every page and form factor ran ${rows[0]?.runs ?? "?"} times; the row is the run Lighthouse's`,
    "own `computeMedianRun` picks (median FCP and time to interactive), the last columns show every run. Each run is a first visit for the browser (Lighthouse clears its cache).",
    "Lighthouse runs first in `npm run bench`, on a freshly started shop, so each page's first mobile run is also the",
    "server's first request for that page; nothing is warmed (the image variants are static files made at build).",
    "",
    "| page | form factor | perf | a11y | best practices | SEO | LCP ms | TBT ms | CLS | worst CLS | perf in each run |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ...rows.map(
      (r) =>
        `| ${r.label} \`${r.path}\` | ${r.formFactor} | ${r.scores.performance} | ${r.scores.accessibility} | ` +
        `${r.scores["best-practices"]} | ${r.scores.seo} | ${n0(r.lcpMs)} | ${n0(r.tbtMs)} | ${cls(r.cls)} | ` +
        `${cls(r.worstCls)} | ${r.allPerformance.join(", ")} |`,
    ),
    "",
    "Audits that cost points (weighted, score below 0.9):",
    "",
    ...rows.map((r) => {
      const lost = Object.entries(r.losses).filter(([, ids]) => ids.length > 0);
      const text = lost.length === 0 ? "none" : lost.map(([c, ids]) => `${c}: ${ids.map((id) => `\`${id}\``).join(", ")}`).join("; ");
      return `- ${r.label} (${r.formFactor}): ${text}`;
    }),
    ...rows.flatMap((r) => r.warnings.map((w) => `\nLighthouse warned on ${r.label} (${r.formFactor}): ${w}`)),
    ...lcpPhaseTable(rows.filter((r) => r.formFactor === "mobile")),
  ];
}

/** §2's text for Lighthouse run on a shop of its own: without its two lines on a full run's order of steps, which do not hold there. */
export function lighthouseSectionAlone(rows, versions) {
  const lines = lighthouseSection(rows, versions);
  return [...lines.slice(0, 4), ...lines.slice(6)];
}

/** Every mobile run's LCP in Lighthouse's own phases (ms, simulated), so a low run shows which phase grew. */
function lcpPhaseTable(rows) {
  const runs = rows.flatMap((r) => (r.eachRun ?? []).map((run, i) => ({ label: r.label, n: i + 1, ...run })));
  if (runs.length === 0 || !runs.every((run) => run.lcpPhases)) return [];
  return [
    "",
    "Each mobile run's LCP split as Lighthouse splits it (its `largest-contentful-paint-element` audit, in the same",
    "simulated time): time to first byte, the LCP image's load delay (until its request starts), its load time, and",
    "the render delay after it loaded. Run 1 is the server's first visit to the page.",
    "",
    "| page | run | perf | LCP ms | TTFB | load delay | load time | render delay |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...runs.map(
      (run) =>
        `| ${run.label} | ${run.n} | ${run.performance} | ${n0(run.lcpMs)} | ${n0(run.lcpPhases.ttfb)} | ${n0(run.lcpPhases.loadDelay)} | ${n0(run.lcpPhases.loadTime)} | ${n0(run.lcpPhases.renderDelay)} |`,
    ),
  ];
}
