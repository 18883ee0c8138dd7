// Where home's time goes at 64 connections, measured by the run itself (the
// profile behind two missed targets, docs/BENCHMARKS.md "Missed targets").
// A second shop process from the same build and data, loaded with
// bench/lib/server-probe.mjs, is measured in two windows:
//
// - wrk, while V8's sampling profiler runs: the CPU each request costs,
//   summed by where the code comes from (bench/lib/cpu-profile-summary.mjs).
// - ab, with every request timed inside the server, every connection's
//   accept timed, and the kernel's accept queue for the port sampled: where
//   the requests ab saw as slow spent their time.
//
// The raw profile of the wrk window is kept as bench/.last-home.cpuprofile
// (not committed; open it in Chrome DevTools' Performance panel).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startShop } from "../scripts/lib/shop-launcher.mjs";
import { SLOW_MS, measureAb } from "./lib/ab.mjs";
import { withAcceptQueue } from "./lib/accept-queue.mjs";
import { copyEnv } from "./lib/shop-copy.mjs";
import { summarizeProfile } from "./lib/cpu-profile-summary.mjs";
import { percentile } from "./lib/stats.mjs";
import { measure } from "./lib/wrk.mjs";

// A file: URL, as --import takes it on every platform.
const PROBE = new URL("./lib/server-probe.mjs", import.meta.url).href;
export const KEPT_PROFILE = "bench/.last-home.cpuprofile";
const PROBE_TIMEOUT_MS = 60_000;
const LONG_MS = 200;
const TOP = 12;

const sorted = (list) => [...list].sort((a, b) => a - b);

/** The server's own view of one window: time inside it, idle time between requests, accepts. */
function serverTimes(probe) {
  const requests = sorted(probe.requests);
  const gaps = sorted(probe.gaps);
  const accepts = sorted(probe.accepts);
  return {
    requests: requests.length,
    requestP999: percentile(requests, 99.9),
    requestMax: requests.at(-1),
    gapMax: gaps.at(-1) ?? 0,
    gapsOverLong: gaps.filter((gap) => gap > LONG_MS).length,
    loopDelayMax: probe.loopDelay.max,
    accepted: accepts.length,
    acceptSpanMs: accepts.length > 0 ? accepts.at(-1) - accepts[0] : 0,
    lastAccept: accepts.at(-1),
  };
}

/**
 * ab's requests split at the server's last accept: those that started in
 * a later second (ab records starts in whole seconds), when every
 * connection was being served, against the whole run.
 */
function afterLastAccept(ab, lastAccept) {
  const { timed, ...figures } = ab;
  const cut = Math.floor(lastAccept / 1000);
  const later = sorted(timed.filter((t) => t.startSecond > cut).map((t) => t.ms));
  const slow = timed.filter((t) => t.ms > SLOW_MS);
  return {
    ...figures,
    slowBeforeLastAccept: slow.filter((t) => t.startSecond <= cut).length,
    later:
      later.length === 0
        ? null
        : {
            requests: later.length,
            p99: percentile(later, 99),
            p999: percentile(later, 99.9),
            max: later.at(-1),
            over500: later.filter((ms) => ms > SLOW_MS).length,
          },
  };
}

export async function serverProfile({ port, authPort, distDir, dataDir, path = "/", connections = 64, seconds, warmupSeconds }) {
  const dir = mkdtempSync(join(tmpdir(), "bench-probe-"));
  const probeFile = join(dir, "probe.json");
  const env = copyEnv({
    port,
    authPort,
    distDir,
    dataDir,
    env: { BENCH_PROBE_FILE: probeFile, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import "${PROBE}"`.trim() },
  });
  const waiters = new Map();
  let shop;
  try {
    shop = await startShop({ env, onLine: (line) => waiters.get(line)?.() });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const signalled = (line) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the probed shop did not print "${line}" within ${PROBE_TIMEOUT_MS / 1000} s`)),
        PROBE_TIMEOUT_MS,
      );
      waiters.set(line, () => {
        clearTimeout(timer);
        waiters.delete(line);
        resolve();
      });
      process.kill(shop.pid, "SIGUSR2");
    });
  /** `client()` with the probe's window open around it: its result and what the server saw. */
  const probed = async (client) => {
    await signalled("probe open");
    const measured = await client();
    await signalled("probe written");
    return { measured, probe: JSON.parse(readFileSync(probeFile, "utf8")) };
  };

  const url = `${shop.url}${path}`;
  const settings = { connections, seconds, warmupSeconds: 0 };
  const abWindow = async () => {
    await measureAb(url, { ...settings, seconds: warmupSeconds });
    const { measured, probe } = await probed(() =>
      withAcceptQueue(Number(new URL(url).port), () => measureAb(url, { ...settings, keepTimes: true })),
    );
    const server = serverTimes(probe);
    return { ab: afterLastAccept(measured.result, server.lastAccept), longestAcceptQueue: measured.longestAcceptQueue, server };
  };
  try {
    await measure(url, { ...settings, seconds: warmupSeconds });
    const { measured: wrk, probe } = await probed(() => measure(url, settings));
    writeFileSync(KEPT_PROFILE, JSON.stringify(probe.profile));
    const summary = summarizeProfile(probe.profile, { buildDir: distDir });
    const busyMs = summary.totalMs - summary.idleMs;
    const perRequest = (ms) => ms / probe.requests.length;
    /** The TOP busiest entries (idle left out), with their time per request and share of busy time. */
    const busiest = (entries) =>
      entries
        .filter((entry) => entry.origin !== "(idle)")
        .slice(0, TOP)
        .map((entry) => ({ ...entry, msPerRequest: perRequest(entry.ms), share: entry.ms / busyMs }));
    const profile = {
      wrkRps: wrk.rps,
      requests: probe.requests.length,
      windowMs: summary.totalMs,
      busyShare: busyMs / summary.totalMs,
      cpuMsPerRequest: perRequest(busyMs),
      origins: busiest(summary.origins),
      functions: busiest(summary.functions),
    };
    const tail = await abWindow();
    return { path, connections, seconds, profile, tail };
  } finally {
    await shop.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
