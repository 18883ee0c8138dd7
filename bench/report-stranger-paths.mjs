// Section 13 of docs/BENCHMARKS.md: what 10,000 strangers' made-up paths
// leave behind on a self-hosted shop (bench/stranger-paths.mjs measures;
// issue 38, item 16). Formatting only.
import { KINDS, SELF_HOSTED_HEAP_MB } from "./stranger-paths.mjs";
import { n0, n1, sectionTargets, spliceSection } from "./report-format.mjs";
import { STRANGER_MEMORY_FINDINGS } from "./report-stranger-memory.mjs";

const HEADING = "## 13. What 10,000 strangers' paths leave behind";
/** Issue 38's target: disk written for 10,000 made-up paths. */
export const DISK_GROWTH_MAX_BYTES = 20 * 1024 * 1024;
/**
 * Memory flat: the second half of the paths may add at most this much to what
 * the process keeps: its heap and external memory after a full collection. A
 * collected process's resident set is no measure of that: V8 lets garbage
 * fill the heap it is given before it collects it all, and keeps pages it
 * collected, so a sample's resident set moves by 100 MB or more with the
 * moment it is taken (memory bounded, below, holds the resident set).
 */
export const SECOND_HALF_KEPT_MAX_BYTES = 16 * 1024 * 1024;
/**
 * Memory bounded: the deployed run's resident memory stays within the
 * instance docs/DEPLOY.md gives its heap (the heap and 256 MB for Node's code,
 * buffers and native memory: 640 MB), so that instance's memory limit never
 * kills it. (Until this bench ran with a set heap the target was 200 MB over
 * the start, which left V8 no room: it lets garbage fill the heap it is
 * given before collecting it all, so a process is bounded by its heap.)
 */
export const INSTANCE_MEMORY_BYTES = (SELF_HOSTED_HEAP_MB + 256) * 1024 * 1024;

const mb = (bytes) => n1(bytes / 2 ** 20);
const measured = (run) => run && !run.failed && Array.isArray(run.samples) && run.samples.length > 2 && run.samples.every((s) => s.kept);
const diskGrowth = (run) => {
  const [first, last] = [run.samples[0], run.samples.at(-1)];
  return last.buildBytes - first.buildBytes + (last.dataBytes - first.dataBytes);
};
const halfway = (run) =>
  run.samples.reduce((best, s) => (Math.abs(s.sent - run.paths / 2) < Math.abs(best.sent - run.paths / 2) ? s : best));
/** What the process keeps after a full collection: heap and external memory (buffers and the like). */
const kept = (sample) => sample.kept.heapUsed + sample.kept.external;
/**
 * What the process keeps around a sample: the mean of it and its neighbours.
 * Each sample holds whatever pages the caches (at most 50 MB each) hold at
 * that moment, so one sample moves by tens of MB with them.
 */
const keptAround = (run, sample) => {
  const i = run.samples.indexOf(sample);
  const near = run.samples.slice(Math.max(0, i - 1), i + 2);
  return near.reduce((sum, s) => sum + kept(s), 0) / near.length;
};
const secondHalfKept = (run) => keptAround(run, run.samples.at(-1)) - keptAround(run, halfway(run));
const peak = (run) => run.samples.reduce((best, s) => (s.rss > best.rss ? s : best));

/** Section 13's targets with the figures that decide them. */
export function strangerPathsTargets(run) {
  const names = [
    `${n0(run?.paths ?? 10_000)} unique search and product paths: disk growth ≤ ${mb(DISK_GROWTH_MAX_BYTES)} MB`,
    `Memory flat: the second half of the paths adds ≤ ${mb(SECOND_HALF_KEPT_MAX_BYTES)} MB to what the process keeps (heap and external memory after a full collection, each point the mean of a sample and its neighbours)`,
    `Memory bounded: resident memory never above ${mb(INSTANCE_MEMORY_BYTES)} MB, the instance a ${run?.heapMb ?? "?"} MB heap is set for`,
  ];
  if (!run) return [];
  if (!measured(run)) return names.map((target) => ({ target, figure: `not measured${run.failed ? ` (${run.failed})` : ""}`, met: false }));
  const half = halfway(run);
  return [
    { target: names[0], figure: `${mb(diskGrowth(run))} MB`, met: diskGrowth(run) <= DISK_GROWTH_MAX_BYTES },
    {
      target: names[1],
      figure: `${mb(secondHalfKept(run))} MB (${mb(keptAround(run, half))} MB about ${n0(half.sent)}, ${mb(keptAround(run, run.samples.at(-1)))} MB about ${n0(run.paths)}; Node's default heap: ${measured(run.defaultHeap) ? `${mb(secondHalfKept(run.defaultHeap))} MB` : "not measured"})`,
      met: secondHalfKept(run) <= SECOND_HALF_KEPT_MAX_BYTES,
    },
    {
      target: names[2],
      figure: `${mb(peak(run).rss)} MB at ${n0(peak(run).sent)} (${mb(run.samples[0].rss)} MB at the start)`,
      met: run.heapMb !== null && peak(run).rss <= INSTANCE_MEMORY_BYTES,
    },
  ];
}

/** The deployed run's samples, with the default-heap run's resident memory beside them when it was measured. */
function sampleRows(run) {
  const first = run.samples[0];
  const other = measured(run.defaultHeap) ? run.defaultHeap : null;
  const heap = (r) => (r.heapMb === null ? "Node's default heap" : `${r.heapMb} MB heap`);
  return [
    `| paths sent | build folder growth MB | data folder growth MB | resident MB, ${heap(run)} | after a full collection: heap MB | external MB | resident MB |${other ? ` resident MB, ${heap(other)} | after a full collection: heap + external MB |` : ""}`,
    `| ---: | ---: | ---: | ---: | ---: | ---: | ---: |${other ? " ---: | ---: |" : ""}`,
    ...run.samples.map((s, i) => {
      const o = other?.samples[i];
      return (
        `| ${n0(s.sent)} | ${mb(s.buildBytes - first.buildBytes)} | ${mb(s.dataBytes - first.dataBytes)} | ${mb(s.rss)} | ${mb(s.kept.heapUsed)} | ${mb(s.kept.external)} | ${mb(s.kept.rss)} |` +
        (other ? ` ${o ? mb(o.rss) : ""} | ${o ? mb(kept(o)) : ""} |` : "")
      );
    }),
  ];
}

function statusRows(run) {
  return [
    "| kind | sent | answers |",
    "| --- | ---: | --- |",
    ...KINDS.map((kind) => {
      const byStatus = run.statuses[kind] ?? {};
      const sent = Object.values(byStatus).reduce((a, b) => a + b, 0);
      const answers = Object.entries(byStatus)
        .map(([status, count]) => `${n0(count)} × ${status}`)
        .join(", ");
      return `| ${kind} | ${n0(sent)} | ${answers} |`;
    }),
  ];
}

/** Every kind's answers in one line ("search, found: 2,500 × 200; …"), to compare two runs by. */
function answersOf(run) {
  return KINDS.map(
    (kind) =>
      `${kind}: ${Object.entries(run.statuses[kind] ?? {})
        .map(([status, count]) => `${n0(count)} × ${status}`)
        .join(", ")}`,
  ).join("; ");
}

/** The section, or a line saying why it has no figures. */
export function renderStrangerPathsSection(run) {
  if (!run) return "";
  const head = [`\n${HEADING}`, ""];
  if (!measured(run)) return [...head, `Not measured${run.failed ? `: ${run.failed}` : ""}.`, ""].join("\n");
  const { machine } = run;
  return [
    ...head,
    `Command: \`${run.command}\` (\`bench/stranger-paths.mjs\`, ${Math.round(run.totalSeconds)} s), ${machine.date}, on ${machine.cores} × ${machine.model.split(" ").slice(0, 2).join(" ")},`,
    `${machine.memoryGiB} GiB, Node ${machine.node}; load average ${machine.loadavg} at its start. Source: commit ${run.tree.commit}${run.tree.uncommittedSourceFiles ? ` with ${run.tree.uncommittedSourceFiles} source files changed` : ""}.`,
    "This section comes from that run alone; the other sections keep the figures of their last runs.",
    "",
    `A freshly started SQLite shop (the demo catalogue; its rate limits × 1,000: this measures what the shop keeps, not`,
    `its refusals) is sent ${n0(run.paths)} unique paths from one client, ${run.concurrency} at a time (${n1(run.seconds)} s), a quarter of each kind:`,
    "searches that find something (the same words, each time in a case never asked before, so each is a page of its",
    "own), searches that find nothing (made-up words), made-up product ids, and made-up product ids sent with the",
    "router's prefetch header. Disk is every byte under the build folder and the shop's data folder (all the shop",
    "writes); memory is the server process's resident set as it is, and what the process keeps: its heap and external",
    "memory after two full collections, which the bench asks for from outside the shop (`bench/counting/preload.mjs`)",
    "after taking the resident set. Before the bound, each such page added a folder of files",
    "under the build folder's `server/route-cache` (24–42 KB each; issue 38 saw it grow 3.2 → 14 MB in one probe",
    "session). Now a page rendered at run time is kept in memory only, at most 50 MB of them, least recently used out",
    "first, and a 404 or a search that found nothing is not kept at all (`cache-handlers/route-cache.mjs`).",
    "",
    `The run is made twice, each on a fresh shop: with the heap docs/DEPLOY.md sets for a self-hosted instance`,
    `(\`NODE_OPTIONS=--max-old-space-size=${run.heapMb}\`; the targets are this run's), then with the heap Node sizes from this`,
    `machine's memory${measured(run.defaultHeap) ? ` (${n1(run.defaultHeap.seconds)} s; ${answersOf(run.defaultHeap) === answersOf(run) ? "the same answers" : `answers ${answersOf(run.defaultHeap)}`})` : ""}.`,
    "",
    ...sampleRows(run),
    "",
    ...statusRows(run),
    "",
    ...sectionTargets(strangerPathsTargets(run)),
    ...STRANGER_MEMORY_FINDINGS,
  ].join("\n");
}

/** `report` with section 13 replaced, or added before the search engine choice (the last section), as a full run places it. */
export function spliceStrangerPathsSection(report, section) {
  const searchChoice = report.indexOf("\n## Search engine choice");
  if (report.includes(`\n${HEADING}`) || searchChoice < 0) return spliceSection(report, HEADING, section);
  return report.slice(0, searchChoice) + section + report.slice(searchChoice);
}
