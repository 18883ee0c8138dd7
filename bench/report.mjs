// Turns one `npm run bench` run's results into docs/BENCHMARKS.md up to
// section 5: the command, the machine, the targets with met/missed and why
// any was missed, then one section per measurement, each written by its own
// report-*.mjs. Formatting only; the figures come from bench/run.mjs.
// Section 6 is report-backends.mjs's, section 7 report-scale.mjs's, section 8 report-abuse.mjs's.
import { jsSection } from "./report-first-load-js.mjs";
import { n0, targetsTable } from "./report-format.mjs";
import { lighthouseSection } from "./report-lighthouse.mjs";
import { liveSection } from "./report-live.mjs";
import { missedExplained } from "./report-missed.mjs";
import { weightsSection } from "./report-page-weight.mjs";
import { serverProfileSection } from "./report-profile.mjs";
import { readsSection } from "./report-reads.mjs";
import { regenerationSection } from "./report-regeneration.mjs";
import { searchSection } from "./report-search.mjs";
import { targets } from "./report-targets.mjs";
import { plainRow, throughputSection } from "./report-throughput.mjs";

/** A section's lines, or why it has none. */
const section = (value, render) => (value.failed ? [`Not measured: the step failed (${value.failed}).`] : render(value));

export function renderReport({ machine, run, results, catalogueSize }) {
  const list = targets(results);
  const missed = list.filter((t) => !t.met).length;
  return [
    "# Benchmarks",
    "",
    "Each section names the command that measured it, with its commit and time. `npm run bench` (`bench/run.mjs`) writes the sections it runs (all, or those of `--only` and `--scale`) and keeps the others as they were; §15 (`bench/dashboard-reads.mts`) and §17 (`bench/soak.mjs`) are run by their own commands, kept here as written.",
    "",
    `Command: \`npm run bench\`. It ${run.built ? "built" : "reused the current build of"} the shop, started it as`,
    "`npm run start:local` does (production server, embedded SQLite store, demo catalogue, Auth emulator) on port",
    "3700, its database work counted from outside its code (`bench/counting/`, loaded with `node --import`), and",
    `measured everything against that one process. Shop ready after ${n0(run.startSeconds)} s; the whole run took`,
    `${n0(run.totalSeconds)} s. Load-test steps: ${run.seconds} s each after a ${run.warmupSeconds} s warm-up.`,
    "",
    `Machine: ${machine.cores} × ${machine.model}, ${machine.memoryGiB} GiB memory, Node ${machine.node}, ${machine.os},`,
    `${machine.date}. Load average when the run started: ${machine.loadavg} (the machine is shared: figures are noisy).`,
    "",
    "## Targets",
    "",
    missed === 0 ? "Every target is met." : `${missed} of ${list.length} targets missed.`,
    "",
    ...targetsTable(list),
    "",
    ...missedExplained(results),
    "## 1. Throughput and latency",
    "",
    ...section(results.throughput, throughputSection),
    "",
    "### Where home's time goes (profiled in this run)",
    "",
    ...serverProfileSection(
      results.serverProfile,
      results.throughput.failed ? 0 : (plainRow(results.throughput, "home", 64)?.shop.rps ?? 0),
    ),
    "",
    "### A repeated search",
    "",
    ...(results.throughput.failed
      ? section(results.throughput, () => [])
      : section(results.perRequest, (rows) =>
          searchSection(
            results.throughput.filter((r) => r.label === "home"),
            rows,
            run.seconds,
          ),
        )),
    "",
    "### With the catalogue cache regenerating",
    "",
    ...(results.regeneration ? section(results.regeneration, regenerationSection) : ["Not measured in this run."]),
    "",
    "### Page weight",
    "",
    ...(results.weights ? section(results.weights, weightsSection) : ["Not measured in this run."]),
    "",
    "## 2. Lighthouse",
    "",
    ...section(results.lighthouse, (rows) => lighthouseSection(rows, machine)),
    "",
    "## 3. Database reads per 1,000 home views",
    "",
    ...section(results.reads, (reads) => readsSection(reads, catalogueSize)),
    "",
    "## 4. First-load JavaScript per route",
    "",
    ...section(results.js, (rows) => jsSection(rows, results.floor, results.floorWebpack, results.jsWebpack, results.jsOrigins)),
    "",
    "## 5. Live-update delay",
    "",
    ...section(results.live, liveSection),
    "",
  ].join("\n");
}
