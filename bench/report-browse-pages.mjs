// Section 14 of docs/BENCHMARKS.md: Lighthouse on the browsing pages
// (bench/browse-pages.mjs measures; issue 41, item 7). Formatting only.
import { lighthouseSectionAlone } from "./report-lighthouse.mjs";
import { n0, sectionTargets, spliceSection } from "./report-format.mjs";

const HEADING = "## 14. Lighthouse on the browsing pages";
/** Issue 41's targets: Lighthouse mobile performance and layout shift on each page. */
const MOBILE_PERFORMANCE_MIN = 95;

const measured = (run) => run && !run.failed && Array.isArray(run.rows);

/** Section 14's targets: each page's mobile performance (the median run) ≥ 95, and no layout shift in any mobile run. */
export function browsePagesTargets(run) {
  if (!run) return [];
  if (!measured(run))
    return [
      { target: "Lighthouse mobile on the browsing pages", figure: `not measured${run.failed ? ` (${run.failed})` : ""}`, met: false },
    ];
  return run.rows
    .filter((row) => row.formFactor === "mobile")
    .flatMap((row) => [
      {
        target: `Lighthouse mobile ${row.label}: performance ≥ ${MOBILE_PERFORMANCE_MIN} (median of ${row.runs} runs)`,
        figure: `${row.scores.performance} (runs: ${row.allPerformance.join(", ")})`,
        met: row.scores.performance >= MOBILE_PERFORMANCE_MIN,
      },
      { target: `Lighthouse mobile ${row.label}: CLS 0 in every run`, figure: `worst ${row.worstCls}`, met: row.worstCls === 0 },
    ]);
}

/** What bench/first-frame-probe.mjs saw of this browser's first frame, in the same run; nothing when it did not run. */
function firstFrameLines(rows) {
  if (!Array.isArray(rows) || rows.length === 0) return [];
  return [
    "### When this browser shows a first frame",
    "",
    "Lighthouse's simulated LCP counts every script that ran before the LCP it observed (Lantern's",
    "`LargestContentfulPaint` graph: a script evaluated before that moment is taken as blocking it), so the observed",
    "first frame decides how much of a page's JavaScript its mobile score pays for. The same Chromium, driven by",
    "Lighthouse in the same run, on a probe page with nothing of the shop (`bench/first-frame-probe.mjs`: two lines of",
    "text behind one stylesheet that a local server sends after a delay):",
    "",
    "| stylesheet sent after (ms) | load event (ms) | first frame shown (ms) |",
    "| ---: | ---: | ---: |",
    ...rows.map((row) => `| ${n0(row.stylesheetDelayMs)} | ${n0(row.observedLoadMs)} | ${n0(row.observedFcpMs)} |`),
    "",
    "When the first frame is shown well after the page could paint, the shop's pages above are measured with every",
    "script already run before their observed LCP, whatever they do.",
    "",
  ];
}

/** The section, or a line saying why it has no figures. */
export function renderBrowsePagesSection(run) {
  if (!run) return "";
  const head = [`\n${HEADING}`, ""];
  if (!measured(run)) return [...head, `Not measured${run.failed ? `: ${run.failed}` : ""}.`, ""].join("\n");
  const { machine } = run;
  return [
    ...head,
    `Command: \`${run.command}\` (\`bench/browse-pages.mjs\`, ${Math.round(run.totalSeconds)} s), ${machine.date}, on ${machine.cores} × ${machine.model.split(" ").slice(0, 2).join(" ")},`,
    `${machine.memoryGiB} GiB, Node ${machine.node}; load average ${machine.loadavg} at its start. Source: commit ${run.tree.commit}${run.tree.uncommittedSourceFiles ? ` with ${run.tree.uncommittedSourceFiles} source files changed` : ""}.`,
    "A freshly started shop on its embedded defaults (SQLite, the demo catalogue): the plain Sport listing (the",
    "reference, measured in the same run), the same category sorted by price and filtered by price and stock, a",
    'search sorted by price in stock, and a product\'s page with its "more like this" carousel. This section comes',
    "from that run alone. SEO is below 100 on the search view by design: search pages",
    "are `noindex` (Lighthouse's `is-crawlable`).",
    "",
    ...lighthouseSectionAlone(run.rows, run.versions),
    "",
    ...firstFrameLines(run.firstFrame),
    ...sectionTargets(browsePagesTargets(run)),
  ].join("\n");
}

/** `report` with section 14 replaced, or added before the search engine choice (the last section). */
export function spliceBrowsePagesSection(report, section) {
  const searchChoice = report.indexOf("\n## Search engine choice");
  if (report.includes(`\n${HEADING}`) || searchChoice < 0) return spliceSection(report, HEADING, section);
  return report.slice(0, searchChoice) + section + report.slice(searchChoice);
}
