// Section 12 of docs/BENCHMARKS.md: Lighthouse on the pages of an order
// (bench/order-pages.mjs measures; issue 28, item 1). Formatting only.
import { lighthouseSectionAlone } from "./report-lighthouse.mjs";
import { sectionTargets, spliceSection } from "./report-format.mjs";

const HEADING = "## 12. Lighthouse on the pages of an order";
/** Issue 28's target for the checkout: Lighthouse mobile performance, in every run. */
export const CHECKOUT_MOBILE_PERFORMANCE_MIN = 95;

const measured = (run) => run && !run.failed && Array.isArray(run.rows);

/** Section 12's targets: each page's mobile performance in every run, and no category below 100 on the checkout's accessibility. */
export function orderPagesTargets(run) {
  if (!run) return [];
  if (!measured(run))
    return [
      {
        target: `Lighthouse mobile checkout: performance ≥ ${CHECKOUT_MOBILE_PERFORMANCE_MIN}`,
        figure: `not measured${run.failed ? ` (${run.failed})` : ""}`,
        met: false,
      },
    ];
  return run.rows
    .filter((row) => row.formFactor === "mobile")
    .map((row) => ({
      target: `Lighthouse mobile ${row.label}: performance ≥ ${CHECKOUT_MOBILE_PERFORMANCE_MIN} in each of ${row.runs} runs`,
      figure: row.allPerformance.join(", "),
      met: row.allPerformance.every((score) => score >= CHECKOUT_MOBILE_PERFORMANCE_MIN),
    }));
}

/** The section, or a line saying why it has no figures. */
export function renderOrderPagesSection(run) {
  if (!run) return "";
  const head = [`\n${HEADING}`, ""];
  if (!measured(run)) return [...head, `Not measured${run.failed ? `: ${run.failed}` : ""}.`, ""].join("\n");
  const { machine } = run;
  return [
    ...head,
    `Command: \`${run.command}\` (\`bench/order-pages.mjs\`, ${Math.round(run.totalSeconds)} s), ${machine.date}, on ${machine.cores} × ${machine.model.split(" ").slice(0, 2).join(" ")},`,
    `${machine.memoryGiB} GiB, Node ${machine.node}; load average ${machine.loadavg} at its start. Source: commit ${run.tree.commit}${run.tree.uncommittedSourceFiles ? ` with ${run.tree.uncommittedSourceFiles} source files changed` : ""}.`,
    "A freshly started shop on its embedded defaults (SQLite, the demo catalogue). A guest's cart holds two products",
    "(added through the cart's form); the checkout is measured with that cart, then the order is placed through the",
    "checkout's form and its page is measured as the confirmation email's link opens it, then \"Returns & Orders\".",
    "The guest's cookie goes with every request of these runs. This section comes from that run alone.",
    "SEO is below 100 on each by design: these pages are a shopper's own and `noindex` (Lighthouse's `is-crawlable`).",
    "",
    ...lighthouseSectionAlone(run.rows, run.versions),
    "",
    ...sectionTargets(orderPagesTargets(run)),
  ].join("\n");
}

/** `report` with section 12 replaced, or added before the search engine choice (the last section). */
export function spliceOrderPagesSection(report, section) {
  const searchChoice = report.indexOf("\n## Search engine choice");
  if (report.includes(`\n${HEADING}`) || searchChoice < 0) return spliceSection(report, HEADING, section);
  return report.slice(0, searchChoice) + section + report.slice(searchChoice);
}
