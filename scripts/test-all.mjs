// npm test: every check, as jobs that start once the jobs they need have
// passed, so a two-core machine (CI's) keeps both cores busy: most jobs wait
// as much as they compute (a browser's page loads, emulators, a build's I/O),
// and at most two heavy jobs run at once.
//   lint (type-check, then lint) · unit · fetch (the browser and the Vercel CLI)  from the start
//   e2e-sqlite                  once lint and fetch have passed
//   e2e-firestore               once lint, unit and fetch have passed; then e2e-empty, then vercel
// The SQLite pass runs every spec and is the longest job, so it starts the
// moment the lint job's CPU is free rather than waiting for the unit suite's
// last files (mostly waiting on timers and the emulator); the other three
// jobs together take about as long, one after another.
// (The Vercel check beside lint and unit was tried: they then took 5:29 and
// 6:50 instead of 3:02 and 4:09, more than it saved later.)
// Once a job fails no further job starts; those running finish first.
// Each job's whole output is kept in test-results/ci/<job>.log and printed
// as it comes, each line marked with its job. At the end: every job's start,
// time and status, and each failed job's last lines, so the end of a long
// log (all a CI summary may show) says what failed. docs/SCRIPTS.md has
// where the time goes.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { minutes } from "./lib/minutes.mjs";

const LOG_DIR = join("test-results", "ci");

/** A job: a label, the shell command it runs, the jobs that must pass before it starts, and any environment of its own. */
const jobs = [
  { label: "lint", command: "npm run typecheck && npm run lint", needs: [] },
  { label: "unit", command: "npm run test:unit", needs: [] },
  // Installs that must not run twice at once (apt's lock): here, once, before any browser job needs them.
  { label: "fetch", command: "node scripts/test-tools.mjs", needs: [] },
  // The e2e builds skip Next's TypeScript pass (scripts/e2e.mjs): the lint job has type-checked the same sources.
  { label: "e2e-sqlite", command: "node scripts/e2e.mjs --backend=sqlite", needs: ["lint", "fetch"] },
  { label: "e2e-firestore", command: "node scripts/e2e.mjs --backend=firestore", needs: ["lint", "unit", "fetch"] },
  { label: "e2e-empty", command: "node scripts/e2e.mjs --backend=empty", needs: ["e2e-firestore"] },
  // So does this build (next.config.ts).
  { label: "vercel", command: "npm run test:vercel", needs: ["e2e-empty"], env: { STOREFRONT_SOURCES_TYPECHECKED: "1" } },
];

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

/**
 * Runs every job once the jobs it needs have passed, until all have run or
 * one has failed (no job starts after that; those running finish).
 * Resolves with each run job's result and when it started, in seconds from the start.
 */
async function runAll(started) {
  const results = new Map();
  const startedJobs = new Set();
  return new Promise((resolve) => {
    const startReady = () => {
      const failed = [...results.values()].some((r) => !r.ok);
      if (!failed) {
        for (const job of jobs) {
          if (startedJobs.has(job.label) || !job.needs.every((label) => results.get(label)?.ok)) continue;
          startedJobs.add(job.label);
          const at = (Date.now() - started) / 1000;
          console.log(`\n=== ${job.label} starts at ${minutes(at)} ===\n`);
          runJob(job).then((result) => {
            results.set(job.label, { ...result, at });
            startReady();
          });
        }
      }
      if (results.size === startedJobs.size) resolve(jobs.filter((job) => results.has(job.label)).map((job) => results.get(job.label)));
    };
    startReady();
  });
}

async function main() {
  mkdirSync(LOG_DIR, { recursive: true });
  const started = Date.now();
  const results = await runAll(started);
  console.log("\nnpm test, job by job (started at, took):");
  for (const r of results) {
    console.log(`    ${r.job.label.padEnd(width)}  ${r.ok ? "passed" : "FAILED"}  at ${minutes(r.at)}  ${minutes(r.seconds)}`);
  }
  const skipped = jobs.filter((job) => !results.some((r) => r.job === job));
  for (const job of skipped) console.log(`    ${job.label.padEnd(width)}  not run (a job failed first)`);
  console.log(`  in all ${"".padEnd(width - 5)}     ${minutes((Date.now() - started) / 1000)}`);
  const failed = results.filter((r) => !r.ok);
  for (const { job } of failed) {
    console.log(`\n--- ${job.label} failed; its last lines (whole log: ${join(LOG_DIR, `${job.label}.log`)}) ---`);
    for (const line of tailOf(job.label)) console.log(line);
  }
  return failed.length === 0 && skipped.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
