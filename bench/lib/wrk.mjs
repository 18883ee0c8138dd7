// wrk, the load generator of the throughput steps: a C client that keeps
// 64 connections busy at over 50,000 req/s against the bare server on this
// 2-core machine, where the Node client used before (autocannon) capped at
// about 1,200 and so hid the reference it was meant to measure
// (docs/BENCHMARKS.md shows the bare server's figure next to every shop
// figure, so a capped client shows). Its latencies at the shop's rate fail
// Little's law; ab (ab.mjs) gives those.
// Installed from Debian when missing (run as root), like the browser.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ensureTool } from "./command-line-tool.mjs";

const REPORT_SCRIPT = fileURLToPath(new URL("./wrk-report.lua", import.meta.url));

/** wrk on PATH, installed with apt when missing and run as root; otherwise an error saying how to get it. */
export function ensureWrk(log = console.log) {
  // wrk --version exits 1 after printing its version; ensureTool only counts a missing binary.
  ensureTool({
    command: "wrk",
    versionArgs: ["--version"],
    aptPackage: "wrk",
    howTo: "The throughput steps need wrk (https://github.com/wg/wrk): apt-get install wrk, or brew install wrk",
    log,
  });
}

function assertLocal(url) {
  const { hostname } = new URL(url);
  if (!["localhost", "127.0.0.1", "[::1]"].includes(hostname)) {
    throw new Error(`refusing to load ${hostname}: benchmarks only target this machine`);
  }
}

function runWrk(url, { connections, seconds, headers }) {
  const threads = Math.min(2, connections);
  const args = ["-t", String(threads), "-c", String(connections), "-d", `${seconds}s`, "--timeout", "10s", "-s", REPORT_SCRIPT];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const last = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0 || !last.startsWith("{")) reject(new Error(`wrk exited ${code}: ${err || out}`));
      else resolve(JSON.parse(last));
    });
  });
}

const ms = (us) => Math.round(us / 10) / 100;

/**
 * Closed-loop keep-alive load for `seconds` after a warm-up of its own:
 * req/s, latency percentiles (ms), non-2xx/3xx answers and socket errors
 * (timeouts included: a request still unanswered after 10 s).
 */
export async function measure(url, { connections, seconds, warmupSeconds, headers = {} }) {
  assertLocal(url);
  if (warmupSeconds > 0) await runWrk(url, { connections, seconds: warmupSeconds, headers });
  const r = await runWrk(url, { connections, seconds, headers });
  return {
    connections,
    requests: r.requests,
    rps: r.requests / (r.duration_us / 1e6),
    p50: ms(r.p50_us),
    p90: ms(r.p90_us),
    p99: ms(r.p99_us),
    p999: ms(r.p999_us),
    max: ms(r.max_us),
    mean: ms(r.mean_us),
    failures: r.status + r.connect + r.read + r.write + r.timeout,
    timeouts: r.timeout,
  };
}
