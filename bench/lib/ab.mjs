// ApacheBench (`ab`, Debian's apache2-utils), the second load generator of
// the throughput steps: a single-threaded C client, keep-alive, that records
// every request's time (-g), so its percentiles are of all requests. wrk's
// latency figures are checked against it: with a Node server answering
// about 1,400 req/s at 64 connections, wrk reports a mean latency its own
// throughput cannot allow (docs/BENCHMARKS.md §1, "Little's law"), while ab
// stays consistent. Installed from Debian when missing (run as root), like wrk.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureTool } from "./command-line-tool.mjs";
import { percentile } from "./stats.mjs";

/** ab on PATH, installed with apt when missing and run as root; otherwise an error saying how to get it. */
export function ensureAb(log = console.log) {
  ensureTool({
    command: "ab",
    versionArgs: ["-V"],
    aptPackage: "apache2-utils",
    howTo: "The throughput steps need ab (ApacheBench): apt-get install apache2-utils",
    log,
  });
}

/** A request slower than this (ms) counts as slow: the p99.9 target of issue 13. */
export const SLOW_MS = 500;

function runAb(url, { connections, seconds, headers, gnuplotFile }) {
  // -n caps the count; -t the time (ab stops at whichever comes first).
  const args = ["-k", "-q", "-c", String(connections), "-t", String(seconds), "-n", "5000000", "-s", "10"];
  if (gnuplotFile) args.push("-g", gnuplotFile);
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn("ab", args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`ab exited ${code}: ${err || out}`))));
  });
}

const field = (out, label) => {
  const match = new RegExp(`^${label}:\\s+([\\d.]+)`, "m").exec(out);
  return match ? Number(match[1]) : Number.NaN;
};

/**
 * Closed-loop keep-alive load for `seconds` after a warm-up of its own, as
 * bench/lib/wrk.mjs `measure` does: req/s, every request's total time
 * (ms, whole milliseconds: ab's resolution) as percentiles, and failures;
 * with `keepTimes`, every request's start second and time as well.
 */
export async function measureAb(url, { connections, seconds, warmupSeconds, headers = {}, keepTimes = false }) {
  if (warmupSeconds > 0) await runAb(url, { connections, seconds: warmupSeconds, headers });
  const dir = mkdtempSync(join(tmpdir(), "bench-ab-"));
  try {
    const gnuplotFile = join(dir, "times.tsv");
    const out = await runAb(url, { connections, seconds, headers, gnuplotFile });
    // Columns: starttime, seconds (the request's start, epoch seconds), ctime, dtime, ttime, wait (ms).
    const rows = readFileSync(gnuplotFile, "utf8")
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => line.split("\t"));
    const times = rows.map((row) => Number(row[4])).sort((a, b) => a - b);
    const requests = field(out, "Complete requests");
    return {
      connections,
      requests,
      rps: field(out, "Requests per second"),
      p50: percentile(times, 50),
      p90: percentile(times, 90),
      p99: percentile(times, 99),
      p999: percentile(times, 99.9),
      max: times.at(-1),
      over500: times.filter((t) => t > SLOW_MS).length,
      mean: times.reduce((sum, t) => sum + t, 0) / times.length,
      failures: field(out, "Failed requests") + (Number.isNaN(field(out, "Non-2xx responses")) ? 0 : field(out, "Non-2xx responses")),
      // Each request's start (whole epoch seconds: ab's resolution) and time, for a caller that splits the run.
      ...(keepTimes && { timed: rows.map((row) => ({ startSecond: Number(row[1]), ms: Number(row[4]) })) }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
