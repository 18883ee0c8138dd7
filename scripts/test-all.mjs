// npm test: every check, in two stages of lanes that run side by side, so
// a two-core machine (CI's) keeps both cores busy: most jobs wait as much as
// they compute (a browser's page loads, emulators, a build's I/O). A lane's
// jobs run one after another, and a lane stops at its first failed job.
//   1. type-check then lint | the unit suite | the browser and the Vercel CLI fetched
//   2. the e2e SQLite pass  | the e2e Firestore pass, then the empty pass, then the Vercel build check
// The SQLite pass runs every spec and is the longest job; the other lane's
// three jobs together take about as long, so nothing waits for a third stage.
// (The Vercel check in stage 1 was tried: lint and unit then took 5:29 and
// 6:50 instead of 3:02 and 4:09, more than it saved in stage 2.)
// Each job's whole output is kept in test-results/ci/<job>.log and printed
// as it comes, each line marked with its job. A stage with a failed job is
// the last one run (its other lanes finish first). At the end: every job's
// time and status, and each failed job's last lines, so the end of a long
// log (all a CI summary may show) says what failed. docs/SCRIPTS.md has
// where the time goes.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { minutes } from "./lib/minutes.mjs";

const LOG_DIR = join("test-results", "ci");

/** A job: a label, the shell command it runs and any environment of its own. A stage: its lanes; a lane: its jobs, in order. */
const stages = [
  [
    [{ label: "lint", command: "npm run typecheck && npm run lint" }],
    [{ label: "unit", command: "npm run test:unit" }],
    // Installs that must not run twice at once (apt's lock): here, once, before stage 2 needs them.
    [{ label: "fetch", command: "node scripts/test-tools.mjs" }],
  ],
  [
    [{ label: "e2e-sqlite", command: "node scripts/e2e.mjs --backend=sqlite" }],
    [
      { label: "e2e-firestore", command: "node scripts/e2e.mjs --backend=firestore" },
      { label: "e2e-empty", command: "node scripts/e2e.mjs --backend=empty" },
      // The lint job has type-checked the same sources: this build skips Next's TypeScript pass (next.config.ts).
      { label: "vercel", command: "npm run test:vercel", env: { STOREFRONT_SOURCES_TYPECHECKED: "1" } },
    ],
  ],
];

const jobs = stages.flat(2);
const width = Math.max(...jobs.map((job) => job.label.length));
const running = new Set();

/** Writes `text` to stdout with each line marked by `label`, keeping a partial last line for the next chunk. */
function marker(label) {
  let rest = "";
  const prefix = `[${label.padEnd(width)}] `;
  return {
    write(chunk) {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop();
      for (const line of lines) process.stdout.write(prefix + line + "\n");
    },
    end() {
      if (rest) process.stdout.write(prefix + rest + "\n");
    },
  };
}

/** Runs one job to its end; resolves with its status and seconds. */
function runJob(job) {
  const started = Date.now();
  const done = (ok) => ({ job, ok, seconds: (Date.now() - started) / 1000 });
  const log = createWriteStream(join(LOG_DIR, `${job.label}.log`));
  const out = marker(job.label);
  return new Promise((resolve) => {
    // detached: the job leads its own process group, so a Ctrl-C or CI's SIGTERM reaches all it started.
    const child = spawn(job.command, {
      shell: true,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: "0", ...job.env },
    });
    running.add(child);
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding("utf8");
      stream.on("data", (chunk) => {
        log.write(chunk);
        out.write(chunk);
      });
    }
    child.on("close", (code) => {
      running.delete(child);
      out.end();
      log.end();
      resolve(done(code === 0));
    });
  });
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    // SIGINT: each job's own scripts stop their shops, emulators and data folders as on Ctrl-C.
    for (const child of running) process.kill(-child.pid, "SIGINT");
  });
}

/** Runs a lane's jobs one after another, up to its first failed one; resolves with their results. */
async function runLane(lane) {
  const results = [];
  for (const job of lane) {
    const result = await runJob(job);
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

/** The last lines of a failed job's log, for the summary. */
function tailOf(label, lines = 40) {
  try {
    return readFileSync(join(LOG_DIR, `${label}.log`), "utf8")
      .trimEnd()
      .split("\n")
      .slice(-lines);
  } catch {
    return [];
  }
}

async function main() {
  mkdirSync(LOG_DIR, { recursive: true });
  const results = [];
  const started = Date.now();
  for (const [index, stage] of stages.entries()) {
    const stageStarted = Date.now();
    const lanes = stage.map((lane) => lane.map((job) => job.label).join(", then "));
    console.log(`\n=== stage ${index + 1}: ${lanes.join(" | ")} ===\n`);
    const stageResults = (await Promise.all(stage.map(runLane))).flat();
    results.push(...stageResults, { stage: index + 1, seconds: (Date.now() - stageStarted) / 1000 });
    if (stageResults.some((r) => !r.ok)) break;
  }
  console.log("\nnpm test, job by job (each stage's lanes side by side):");
  for (const r of results) {
    if (r.stage) console.log(`  stage ${r.stage} ${"".padEnd(width - 6)}     ${minutes(r.seconds)}`);
    else console.log(`    ${r.job.label.padEnd(width)}  ${r.ok ? "passed" : "FAILED"}  ${minutes(r.seconds)}`);
  }
  console.log(`  in all ${"".padEnd(width - 5)}     ${minutes((Date.now() - started) / 1000)}`);
  const failed = results.filter((r) => r.job && !r.ok);
  for (const { job } of failed) {
    console.log(`\n--- ${job.label} failed; its last lines (whole log: ${join(LOG_DIR, `${job.label}.log`)}) ---`);
    for (const line of tailOf(job.label)) console.log(line);
  }
  return failed.length === 0 && results.filter((r) => r.job).length === jobs.length ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
