// An open-loop load generator: requests go out on a fixed schedule (request
// i at start + i / rate), whether or not earlier ones have been answered, and
// each latency runs from the request's SCHEDULED time to its last byte. A slow
// answer therefore shows in every request that was due behind it, as it does
// for visitors, instead of slowing the client down (wrk and ab are closed-loop:
// a connection waits for its answer before sending again, so a stalled server
// is asked less and its tail hides; "coordinated omission").
//
// Run in a process of its own so its work never shares a thread with the
// bench's:   node bench/lib/open-loop.mjs URL RATE SECONDS [WARMUP_SECONDS]
// The first WARMUP_SECONDS (default 1) of the schedule run at the same rate
// but are not recorded: they open the keep-alive connections. It then
// prints one JSON line: sent, completed, failed, achieved rate, the
// latency percentiles (ms) and how late the schedule ran at worst (sendLagMaxMs:
// large means this client could not keep the rate, and its figures do not count).
// openLoop() spawns it.
import { spawn } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { percentile } from "./stats.mjs";

const SELF = fileURLToPath(import.meta.url);
// Enough sockets for every request in flight at the rates measured here
// (500–1,000 req/s with answers in tens of ms); more would only show as
// "still connecting" in the tail.
const MAX_SOCKETS = 256;

async function generate(url, rate, seconds, warmupSeconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
  const warmup = Math.round(rate * warmupSeconds);
  const total = warmup + Math.round(rate * seconds);
  const latencies = [];
  let failed = 0;
  let completed = 0;
  let sendLagMaxMs = 0;
  let lastEnd = 0;
  const start = performance.now() + 50;
  const measuredFrom = start + (warmup * 1000) / rate;
  const fire = (scheduled, recorded) =>
    new Promise((resolve) => {
      const request = http.get(url, { agent, headers: { "accept-encoding": "identity" } }, (response) => {
        response.on("data", () => {});
        response.on("end", () => {
          if (!recorded) return resolve();
          lastEnd = performance.now();
          if (response.statusCode === 200) {
            latencies.push(lastEnd - scheduled);
            completed += 1;
          } else failed += 1;
          resolve();
        });
      });
      request.on("error", () => {
        if (recorded) failed += 1;
        resolve();
      });
    });
  const inFlight = [];
  let next = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && start + (next * 1000) / rate <= now) {
        const scheduled = start + (next * 1000) / rate;
        const recorded = next >= warmup;
        if (recorded) sendLagMaxMs = Math.max(sendLagMaxMs, now - scheduled);
        inFlight.push(fire(scheduled, recorded));
        next += 1;
      }
      if (next >= total) resolve();
      else setImmediate(tick);
    };
    setTimeout(tick, 50);
  });
  await Promise.all(inFlight);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const round = (x) => Math.round(x * 10) / 10;
  return {
    rate,
    seconds,
    warmupSeconds,
    sent: total - warmup,
    completed,
    failed,
    // Answers delivered per second, from the first recorded send to the last answer.
    achievedRps: completed / ((lastEnd - measuredFrom) / 1000),
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    p999: round(percentile(sorted, 99.9)),
    max: round(sorted.at(-1) ?? 0),
    sendLagMaxMs: round(sendLagMaxMs),
  };
}

/** Runs the generator in a child process against `url` at `rate` req/s for `seconds`; resolves with its figures. */
export function openLoop(url, { rate, seconds, warmupSeconds = 1 }) {
  const { hostname } = new URL(url);
  if (!["localhost", "127.0.0.1", "[::1]"].includes(hostname))
    throw new Error(`refusing to load ${hostname}: benchmarks only target this machine`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SELF, url, String(rate), String(seconds), String(warmupSeconds)], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const last = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0 || !last.startsWith("{")) reject(new Error(`the open-loop client exited ${code}: ${err || out}`));
      else resolve(JSON.parse(last));
    });
  });
}

if (process.argv[1] === SELF) {
  const [url, rate, seconds, warmupSeconds = "1"] = process.argv.slice(2);
  if (!url || !(Number(rate) > 0) || !(Number(seconds) > 0) || !(Number(warmupSeconds) >= 0)) {
    console.error("usage: node bench/lib/open-loop.mjs URL RATE SECONDS [WARMUP_SECONDS]");
    process.exit(2);
  }
  console.log(JSON.stringify(await generate(url, Number(rate), Number(seconds), Number(warmupSeconds))));
}
