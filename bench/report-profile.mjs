// The report's lines for bench/server-profile.mjs: where home's time goes
// inside the server under load (§1), and the missed target it explains
// (home's p99.9 under ab). Home's rate is judged against the framework
// floor, with this profile beside the floor's (report-floor.mjs).
// Formatting only; the figures come from the run.

import { SLOW_MS } from "./lib/ab.mjs";
import { n0, pct } from "./report-format.mjs";

const ms2 = (x) => x.toFixed(2);

/** §1's subsection: the profile and the tail, as measured in this run. */
export function serverProfileSection(result, homeRps) {
  if (!result) return ["Not measured in this run."];
  if (result.failed) return [`Not measured: the step failed (${result.failed}).`];
  const { profile, tail, seconds } = result;
  const { ab, server } = tail;
  return [
    "`bench/server-profile.mjs` starts a second shop process from the same build and data with",
    "`bench/lib/server-probe.mjs` loaded (`node --import`; the probe is inert unless the bench sets",
    "`BENCH_PROBE_FILE`) and loads home's plain page at 64 connections, first with wrk while V8's sampling CPU",
    "profiler runs, then with ab while the probe times every request and every accepted connection inside the",
    "server and the bench samples the kernel's accept queue for the port every 10 ms. The wrk window's profile is",
    "kept as `bench/.last-home.cpuprofile` (not committed; it opens in Chrome DevTools).",
    "",
    `Under the profiler the shop answered ${n0(profile.wrkRps)} req/s (${n0(homeRps)} without it, §1's table); its main`,
    `thread was busy ${pct(profile.busyShare)} of the ${n0(profile.windowMs)} ms window: **${ms2(profile.cpuMsPerRequest)} ms of CPU per request**.`,
    "Self time, by where the code comes from (*native code* has no script: V8's built-ins and Node's C++ bindings,",
    "such as `writev`, which hands a page to the kernel):",
    "",
    "| origin | ms per request | share of busy time |",
    "| --- | ---: | ---: |",
    ...profile.origins.map((o) => `| ${o.origin} | ${o.msPerRequest.toFixed(3)} | ${pct(o.share)} |`),
    "",
    "The functions with the most self time:",
    "",
    "| function | origin | ms per request | share |",
    "| --- | --- | ---: | ---: |",
    ...profile.functions.map((f) => `| \`${f.name}\` | ${f.origin} | ${f.msPerRequest.toFixed(3)} | ${pct(f.share)} |`),
    "",
    `Then ab, ${seconds} s at 64 connections. Inside the server: the slowest request took ${ms2(server.requestMax)} ms from its arrival`,
    `(headers parsed) to its last byte handed to the kernel (p99.9 ${ms2(server.requestP999)} ms); the event loop's worst delay was`,
    `${ms2(server.loopDelayMax)} ms; no kept-alive connection sat idle more than ${ms2(server.gapMax)} ms between an answer and its next request`,
    `(${server.gapsOverLong} waits over 200 ms). The server accepted ${server.accepted} connections in the window over ${n0(server.acceptSpanMs)} ms`,
    "(ab's 64, and those its 1 s warm-up run had opened and the server had not yet accepted when it ended), while up to",
    `${tail.longestAcceptQueue ?? "?"} of them waited in the kernel's accept queue: connected for ab, which had sent their first request, but`,
    "not yet taken by the server.",
    "",
    "| ab's requests | count | p99 ms | p99.9 ms | max ms | over 500 ms |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    `| all | ${n0(ab.requests)} | ${ab.p99} | ${ab.p999} | ${ab.max} | ${ab.over500} |`,
    ab.later
      ? `| started after the second of the last accept | ${n0(ab.later.requests)} | ${ab.later.p99} | ${ab.later.p999} | ${ab.later.max} | ${ab.later.over500} |`
      : "| started after the second of the last accept | none: the last accept came in ab's last second | | | | |",
    "",
    `Of the ${ab.over500} requests over 500 ms, ${ab.slowBeforeLastAccept} started no later than the second of the server's last accept (ab records`,
    "starts in whole seconds).",
  ];
}

/** Why home's p99.9 under ab is above the target, from this run's probed ab window and the slow bare server. */
export function tailWhy(result, slowBare) {
  if (!result || result.failed) return [`  Not probed in this run (${result?.failed ?? "the step did not run"}).`];
  const { ab, server, longestAcceptQueue } = result.tail;
  const lines = [
    `  Probed in this run (§1, "Where home's time goes"): ${ab.over500} of ${n0(ab.requests)} requests took over 500 ms under ab; inside the`,
    `  server none took more than ${ms2(server.requestMax)} ms, and the event loop never stalled more than ${ms2(server.loopDelayMax)} ms. ab opens its 64`,
    `  connections at once: up to ${longestAcceptQueue ?? "?"} sat in the kernel's accept queue while the busy server, answering the connections`,
    `  it already had, took ${n0(server.acceptSpanMs)} ms to accept them all. ${ab.slowBeforeLastAccept} of the ${ab.over500} slow requests started no later than the`,
    "  second of the last accept;",
    ab.later
      ? `  requests started after it had p99.9 ${ab.later.p999} ms (max ${ab.later.max} ms, ${ab.later.over500} over 500 ms).`
      : "  the last accept came in ab's last second, so no later requests remain to compare.",
  ];
  // The conclusion only where this run's figures carry it.
  const acceptsExplainIt =
    server.requestMax < SLOW_MS && ab.slowBeforeLastAccept === ab.over500 && ab.later !== null && ab.later.p999 <= SLOW_MS;
  if (slowBare?.ab) {
    lines.push(
      `  A bare Node server with no Next.js, spinning the shop's CPU time per request, under ab: p99.9`,
      `  ${slowBare.ab.result.p999} ms, ${slowBare.ab.result.over500} requests over 500 ms, up to ${slowBare.ab.longestAcceptQueue ?? "?"} connections queued for accept (§1).`,
    );
  }
  lines.push(
    ...(acceptsExplainIt
      ? [
          "  So the tail is the wait of 64 simultaneous new connections for a saturated Node process to accept them,",
          "  not the time to answer; in production the CDN, not this process, serves the page, over connections it keeps open.",
        ]
      : ["  These figures do not put the whole tail on the accept queue: see §1's table before drawing a conclusion."]),
  );
  return lines;
}
