// docs/BENCHMARKS.md's "Missed targets: why, and what was tried": one
// paragraph per target this run missed, written from its own figures.
// Formatting only.
import { littlesLaw } from "./lib/stats.mjs";
import { originsWhy } from "./report-first-load-js.mjs";
import { cls, kB, n0 } from "./report-format.mjs";
import { WEIGHT_TARGETS } from "./report-page-weight.mjs";
import { tailWhy } from "./report-profile.mjs";
import { plainRow } from "./report-throughput.mjs";

/**
 * For each missed target, what this run's own figures say about why, and
 * what was tried. Written from the results, so a rerun that meets a target
 * drops its paragraph.
 */
export function missedExplained(results) {
  const { throughput, lighthouse, js, floor } = results;
  const lines = [];
  for (const row of lighthouse.failed
    ? []
    : lighthouse.filter((r) => r.formFactor === "mobile" && r.allPerformance.some((score) => score < 95))) {
    const runs = row.eachRun ?? [];
    lines.push(
      `- **Mobile performance on ${row.label} (${row.allPerformance.join(", ")} in ${row.runs} runs).** Median run: LCP ${n0(row.lcpMs)} ms, TBT ${n0(row.tbtMs)} ms.`,
      ...(runs.length > 0
        ? [
            `  Each run's LCP: ${runs.map((r) => n0(r.lcpMs)).join(", ")} ms; TBT: ${runs.map((r) => n0(r.tbtMs)).join(", ")} ms; FCP: ${runs.map((r) => n0(r.fcpMs)).join(", ")} ms.`,
            `  The LCP element: \`${runs[0].lcpElement ?? "?"}\`. What moves the score is LCP: under simulated slow 4G the LCP image`,
            "  shares the link with the page's scripts (the framework alone is 136 kB gzip, §4), and how Lighthouse's",
            "  simulation orders them differs from run to run. The first run is also the server's first request for the page.",
            ...(runs.every((r) => r.lcpPhases) ? ["  Each run's LCP, split into Lighthouse's own phases, is in §2's last table."] : []),
          ]
        : ["  Per-run figures were not recorded in this run."]),
    );
  }
  for (const row of lighthouse.failed ? [] : lighthouse.filter((r) => r.worstCls > 0)) {
    const named = row.worstShifts.map((shift) => `\`${shift.element.replaceAll("`", "'")}\` (${cls(shift.score)})`);
    lines.push(
      `- **CLS on ${row.label} (${row.formFactor}): worst run ${cls(row.worstCls)}.** Lighthouse attributes that run's`,
      `  shifts to: ${named.join(", ") || "no element"}.`,
    );
  }
  const home64 = throughput.failed ? null : plainRow(throughput, "home", 64);
  const runs = home64?.runs ?? [];
  if (home64 && runs.some((run) => !run.ab || run.ab.p99 > 250 || run.ab.p999 > 500)) {
    lines.push(
      `- **Home's tail under ab (p99 ${runs.map((run) => run.ab?.p99 ?? "?").join(", ")} ms; p99.9 ${runs.map((run) => run.ab?.p999 ?? "?").join(", ")} ms in §1's three runs).**`,
      ...tailWhy(results.serverProfile, home64.slowBare),
    );
  }
  if (home64 && runs.some((run) => run.wrk.p99 > 250 || run.wrk.p999 > 500)) {
    lines.push(
      `- **wrk's latency figures for the shop are not the requests' real waits.** wrk reported p99 ${runs.map((run) => run.wrk.p99).join(", ")} ms with L =`,
      `  ${runs.map((run) => littlesLaw(run.wrk).toFixed(2)).join(", ")} (more than 1 is impossible for 64 connections), and the bare server made as slow as the shop`,
      `  shows the same (${home64.slowBare ? `p99 ${home64.slowBare.wrk.p99} ms, L ${littlesLaw(home64.slowBare.wrk).toFixed(2)}` : "not measured"}). Its throughput figures stand; its percentiles at this rate do not.`,
    );
  }
  for (const row of results.weights && !results.weights.failed ? results.weights : []) {
    const limit = WEIGHT_TARGETS[row.label];
    if (limit === undefined || row.bytes <= limit) continue;
    const floorPage = results.weights.find((r) => r.path === "/sign-page");
    lines.push(
      `- **HTML of ${row.label} (${n0(row.bytes)} bytes; the target is ${n0(limit)}).** The sign-in page, which shows no product at all,`,
      `  weighs ${n0(floorPage?.bytes ?? 0)} bytes: the layout, the metadata and Next's bootstrap scripts (${n0(floorPage?.rsc ?? 0)} bytes of RSC payload).`,
      `  ${row.label} adds ${n0(row.bytes - (floorPage?.bytes ?? 0))} bytes above it: the product, its metadata (written by Next twice, in the head and`,
      "  in the payload) and its JSON-LD. The target is below what an App Router page with this layout weighs here.",
    );
  }
  const homeJs = js.failed ? null : js.find((r) => r.label === "home");
  if (homeJs && floor && !floor.failed && homeJs.gzip - floor.gzip > 15_000) {
    lines.push(
      `- **The shop's own first-load JS on home (${kB(homeJs.gzip - floor.gzip)} kB of ${kB(homeJs.gzip)} kB; the framework floor is ${kB(floor.gzip)} kB).**`,
      ...originsWhy(results.jsOrigins, floor),
      "  Since issue 13 the product cards, the header and the footer are client components (about 2 kB gzip of code,",
      "  cached across pages, for 40 kB less RSC payload on home); Firebase Auth, zod and next-auth's client stay out of shop pages.",
    );
  }
  return lines.length === 0 ? [] : ["## Missed targets: why, and what was tried", "", ...lines, ""];
}
