// Throughput against the right reference (issue 27, item 8): home beside the
// framework floor, an empty Next 16 app with cacheComponents
// (bench/framework-floor.mjs) whose one static page weighs what home weighs,
// built with the same next and served by `next start` like the shop.
//
// - Weight: the empty app's page carries plain text sized so the HTML weighs
//   what home's does (React puts text in the HTML and again in the inline RSC
//   payload, so each character weighs two bytes); rebuilt once if it misses.
// - Throughput: wrk, 64 connections, floor then home, three alternating
//   rounds (each after its own warm-up), so a slow spell of the shared
//   machine hits both; home's share is the sum of its rates over the floor's.
//   The bare reference (bench/lib/bare-server.mjs) serving home's bytes is
//   measured with the same wrk settings: far above the floor, so wrk is not
//   what caps either.
// - Text width: the floor rebuilt with one character beyond Latin-1 in its
//   text ("wide"), in WIDE_ROUNDS more rounds beside home. V8 then holds the
//   page as a two-byte string, which Node encodes to UTF-8 on every answer;
//   the shop keeps its own text within Latin-1 (tests/e2e/html-validity.spec.ts)
//   and these rounds show what one such character in a product's text costs.
// - Tail: the open-loop client (bench/lib/open-loop.mjs) at half the floor's
//   measured rate on the bare server (showing the client holds that rate), the
//   floor and home; latency from each request's scheduled send time.
import { spawn } from "node:child_process";
import http from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { contextRounds } from "./floor-context.mjs";
import { buildEmptyApp, removeEmptyApp, serveEmptyApp } from "./framework-floor.mjs";
import { summarizeProfile } from "./lib/cpu-profile-summary.mjs";
import { openLoop } from "./lib/open-loop.mjs";
import { ensureWrk, measure } from "./lib/wrk.mjs";

// The shop's profile comes from bench/server-profile.mjs (the same probe, the same wrk window).
const PROBE = new URL("./lib/server-probe.mjs", import.meta.url).href;
const PROBE_TIMEOUT_MS = 60_000;
const BARE_SERVER = fileURLToPath(new URL("./lib/bare-server.mjs", import.meta.url));
export const FLOOR_ROUNDS = 3;
const WIDE_ROUNDS = 2;
const CONNECTIONS = 64;
// How close the floor's page must come to home's weight.
const WEIGHT_TOLERANCE = 0.01;
// The empty page's own bytes, about (measured: 4.9 kB with Next 16.4).
const EMPTY_GUESS = 4_900;

/** One GET without Accept-Encoding: status, content-type and body bytes. */
function capture(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "identity" } }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode, contentType: res.headers["content-type"], body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** The bare server on `port` answering `response`'s bytes: { url, close() }. */
async function startBare(port, response) {
  const dir = mkdtempSync(join(tmpdir(), "bench-floor-bare-"));
  const bodyFile = join(dir, "body");
  writeFileSync(bodyFile, response.body);
  const child = spawn(process.execPath, [BARE_SERVER, String(port), bodyFile, response.contentType ?? "text/html"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the bare server exited (${code}) before it was ready`)));
    child.stdout.once("data", resolve);
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        child.removeAllListeners("exit");
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }).finally(() => rmSync(dir, { recursive: true, force: true })),
  };
}

/** Builds and serves the empty app with `padding` characters; its page's bytes. */
async function floorOf(padding, port) {
  await buildEmptyApp({ padding });
  const server = await serveEmptyApp(port);
  const page = await capture(`${server.baseURL}/`);
  if (page.status !== 200) {
    await server.stop();
    throw new Error(`the empty app answered ${page.status}`);
  }
  return { server, page };
}

/**
 * The empty app serving a page of `targetBytes` (within WEIGHT_TOLERANCE):
 * { server, page, padding, emptyPageBytes }. A character of text weighs two
 * bytes (the HTML and the RSC payload), the empty page about EMPTY_GUESS; one
 * correction if the first build misses.
 */
async function floorOfWeight(targetBytes, port, log) {
  let padding = Math.max(0, Math.round((targetBytes - EMPTY_GUESS) / 2));
  let floor = await floorOf(padding, port);
  const off = () => targetBytes - floor.page.body.length;
  if (Math.abs(off()) / targetBytes > WEIGHT_TOLERANCE) {
    await floor.server.stop();
    padding = Math.max(0, padding + Math.round(off() / 2));
    floor = await floorOf(padding, port);
  }
  const emptyPageBytes = floor.page.body.length - 2 * padding;
  log(
    `  floor page ${floor.page.body.length} bytes (home ${targetBytes}; ${padding} characters of text on a page of about ${emptyPageBytes})`,
  );
  return { ...floor, padding, emptyPageBytes };
}

/** Waits until `output()` has printed `line` `times` times. */
async function printed(output, line, times) {
  const deadline = Date.now() + PROBE_TIMEOUT_MS;
  while (output().split(line).length - 1 < times) {
    if (Date.now() > deadline) throw new Error(`the profiled floor did not print "${line}" within ${PROBE_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The floor's CPU per request under wrk at 64 connections, summed by origin
 * (bench/lib/cpu-profile-summary.mjs): the empty app restarted with
 * bench/lib/server-probe.mjs loaded, one profiled wrk window.
 */
async function profileFloor(port, settings) {
  const dir = mkdtempSync(join(tmpdir(), "bench-floor-probe-"));
  const probeFile = join(dir, "probe.json");
  const server = await serveEmptyApp(port, {
    BENCH_PROBE_FILE: probeFile,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import "${PROBE}"`.trim(),
  });
  try {
    const url = `${server.baseURL}/`;
    await measure(url, { ...settings, seconds: settings.warmupSeconds, warmupSeconds: 0 });
    process.kill(server.pid, "SIGUSR2");
    await printed(server.output, "probe open", 1);
    const wrk = await measure(url, { ...settings, warmupSeconds: 0 });
    process.kill(server.pid, "SIGUSR2");
    await printed(server.output, "probe written", 1);
    const probe = JSON.parse(readFileSync(probeFile, "utf8"));
    const summary = summarizeProfile(probe.profile, { buildDir: ".bench-floor/.next" });
    const busyMs = summary.totalMs - summary.idleMs;
    const requests = probe.requests.length;
    return {
      wrkRps: wrk.rps,
      requests,
      cpuMsPerRequest: busyMs / requests,
      origins: summary.origins.filter((o) => o.origin !== "(idle)").map((o) => ({ origin: o.origin, msPerRequest: o.ms / requests })),
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The floor's page with its first character of text beyond Latin-1, in
 * WIDE_ROUNDS rounds beside home: [{ wide, home }] wrk runs.
 */
async function wideRounds(padding, port, homeURL, settings, log) {
  await buildEmptyApp({ padding, wide: true });
  const server = await serveEmptyApp(port);
  try {
    const page = await capture(`${server.baseURL}/`);
    if (page.status !== 200 || !page.body.toString("utf8").includes("\u2192"))
      throw new Error("the wide floor page does not carry its character");
    const rounds = [];
    for (let round = 1; round <= WIDE_ROUNDS; round++) {
      const wide = await measure(`${server.baseURL}/`, settings);
      const home = await measure(homeURL, settings);
      rounds.push({ wide, home });
      log(`  wide round ${round}: floor with one character beyond Latin-1 ${wide.rps.toFixed(0)} req/s, home ${home.rps.toFixed(0)} req/s`);
    }
    return { bytes: page.body.length, rounds };
  } finally {
    await server.stop();
  }
}

/**
 * Home (`homeURL`, a running shop) against the floor. `ports`: { floor, bare, rendered, tracked }.
 * `seconds`/`warmupSeconds`: each wrk window; `openLoopSeconds`: each open-loop window.
 */
export async function floorThroughput(homeURL, { ports, seconds = 5, warmupSeconds = 1, openLoopSeconds = 10, log = console.log }) {
  ensureWrk(log);
  const home = await capture(homeURL);
  if (home.status !== 200) throw new Error(`${homeURL} answered ${home.status}`);
  const floor = await floorOfWeight(home.body.length, ports.floor, log);
  try {
    const floorURL = `${floor.server.baseURL}/`;
    const settings = { connections: CONNECTIONS, seconds, warmupSeconds };
    // A full window of load on each first, unrecorded: a new process's first window measures its JIT warming up,
    // not the page it serves.
    await measure(floorURL, settings);
    await measure(homeURL, settings);
    const rounds = [];
    for (let round = 1; round <= FLOOR_ROUNDS; round++) {
      const floorRun = await measure(floorURL, settings);
      const homeRun = await measure(homeURL, settings);
      rounds.push({ floor: floorRun, home: homeRun, share: homeRun.rps / floorRun.rps });
      log(
        `  round ${round}: floor ${floorRun.rps.toFixed(0)} req/s, home ${homeRun.rps.toFixed(0)} req/s, share ${(homeRun.rps / floorRun.rps).toFixed(2)}`,
      );
    }
    const sum = (pick) => rounds.reduce((s, r) => s + pick(r), 0);
    const floorRps = sum((r) => r.floor.rps) / rounds.length;
    const share = sum((r) => r.home.rps) / sum((r) => r.floor.rps);

    const rate = Math.round(floorRps / 2);
    const bare = await startBare(ports.bare, home);
    let bareWrk;
    let bareOpen;
    try {
      bareWrk = await measure(bare.url, settings);
      bareOpen = await openLoop(bare.url, { rate, seconds: openLoopSeconds });
    } finally {
      await bare.close();
    }
    log(
      `  bare server (home's bytes): wrk ${bareWrk.rps.toFixed(0)} req/s; open loop at ${rate} req/s: ${bareOpen.achievedRps.toFixed(0)} req/s, p99 ${bareOpen.p99} ms`,
    );
    const openFloor = await openLoop(floorURL, { rate, seconds: openLoopSeconds });
    const openHome = await openLoop(homeURL, { rate, seconds: openLoopSeconds });
    log(`  open loop at ${rate} req/s: floor p99 ${openFloor.p99} ms, home p99 ${openHome.p99} ms`);
    await floor.server.stop();
    floor.server = null;
    const floorProfile = await profileFloor(ports.floor, settings);
    log(`  floor profiled: ${floorProfile.cpuMsPerRequest.toFixed(2)} ms of CPU per request`);
    // An explanation beside the measured figures: its failure is reported, and keeps them.
    const wide = await wideRounds(floor.padding, ports.floor, homeURL, settings, log).catch((error) => {
      log(`  the floor with one character beyond Latin-1 was not measured: ${error.message}`);
      return { failed: error.message };
    });
    const context = await contextRounds(floor.padding, ports, homeURL, settings, log).catch((error) => {
      log(`  the floor's request context was not measured: ${error.message}`);
      return { failed: error.message };
    });
    return {
      context,
      floorProfile,
      homeBytes: home.body.length,
      floorBytes: floor.page.body.length,
      emptyPageBytes: floor.emptyPageBytes,
      padding: floor.padding,
      connections: CONNECTIONS,
      seconds,
      warmupSeconds,
      rounds,
      floorRps,
      share,
      bare: bareWrk,
      openLoop: { rate, seconds: openLoopSeconds, bare: bareOpen, floor: openFloor, home: openHome },
      wide,
    };
  } finally {
    await floor.server?.stop();
    removeEmptyApp();
  }
}
