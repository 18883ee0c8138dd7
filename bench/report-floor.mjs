// Section 10 of docs/BENCHMARKS.md: home against the framework floor, an
// empty Next app with cacheComponents serving a page of home's weight
// (bench/floor-throughput.mjs measures, bench/server-profile.mjs profiles the
// shop; issue 27, item 8). Formatting only.
import { kB, n0, n1, pct, sectionTargets, spliceSection } from "./report-format.mjs";

const HEADING = "## 10. Throughput against the framework floor";
/** Home's rate as a share of the floor's. */
export const SHARE_TARGET = 0.9;
/** The open-loop client must deliver at least this share of the rate it was asked for on the bare server. */
const GENERATOR_SHARE = 0.98;
const TOP = 10;

const measured = (f) => f && !f.failed && Array.isArray(f.rounds);
/** The floor's rounds may differ by at most this share of their mean for the share to be judged. */
const MAX_FLOOR_SPREAD = 0.25;
/** (fastest − slowest) ÷ mean of the floor's rounds. */
const floorSpread = (f) => {
  const rates = f.rounds.map((r) => r.floor.rps);
  return (Math.max(...rates) - Math.min(...rates)) / (rates.reduce((a, b) => a + b, 0) / rates.length);
};

/** The figures the "before" comparison keeps from a run. */
export function keyFigures(f) {
  const mean = (pick) => f.rounds.reduce((sum, r) => sum + pick(r), 0) / f.rounds.length;
  return {
    homeBytes: f.homeBytes,
    floorBytes: f.floorBytes,
    floorRps: f.floorRps,
    homeRps: mean((r) => r.home.rps),
    share: f.share,
    roundShares: f.rounds.map((r) => r.share),
    bareRps: f.bare.rps,
    openLoopRate: f.openLoop.rate,
    p99: { bare: f.openLoop.bare.p99, floor: f.openLoop.floor.p99, home: f.openLoop.home.p99 },
    cpuMsPerRequest: { home: f.shopProfile?.profile?.cpuMsPerRequest ?? null, floor: f.floorProfile?.cpuMsPerRequest ?? null },
  };
}

/**
 * The figures measured before issue 27's changes (keyFigures of that run),
 * kept to compare each new run with. That run shared two cores with a load
 * average of 25: its rates are a few dozen per second and its rounds
 * disagree, so it shows the harness working, not the shop's throughput.
 */
export const BEFORE = {
  commit: "main 903b3c9's shop (bench at 9f29e61)",
  date: "2026-11-25T20:38:00Z",
  loadavg: "25.03, 22.62, 20.76",
  homeBytes: 88674,
  floorBytes: 88680,
  floorRps: 41.626,
  homeRps: 42.515,
  share: 1.021,
  roundShares: [1.168, 1.381, 0.642],
  bareRps: 3802.453,
  openLoopRate: 21,
  p99: {
    bare: 125.3,
    floor: 276.3,
    home: 268,
  },
  cpuMsPerRequest: {
    home: 35.75,
    floor: 10.23,
  },
};

/** This run's figures beside BEFORE's. */
function beforeLines(f) {
  const before = BEFORE;
  if (!before) return [];
  const now = keyFigures(f);
  const row = (label, pick, format) => `| ${label} | ${format(pick(before))} | ${format(pick(now))} |`;
  const ms = (x) => (x === null || x === undefined ? "—" : `${x} ms`);
  const cpu = (x) => (x === null || x === undefined ? "—" : `${x.toFixed(2)} ms`);
  return [
    `Before (${before.commit}, ${before.date}, load average ${before.loadavg}) and in this run:`,
    "",
    "| figure | before | this run |",
    "| --- | ---: | ---: |",
    row(
      "home's HTML / the floor page's, bytes",
      (x) => x,
      (x) => `${n0(x.homeBytes)} / ${n0(x.floorBytes)}`,
    ),
    row("floor req/s (mean of the rounds)", (x) => x.floorRps, n0),
    row("home req/s (mean of the rounds)", (x) => x.homeRps, n0),
    row(
      "home ÷ floor (rounds)",
      (x) => x,
      (x) => `${x.share.toFixed(2)} (${x.roundShares.map((r) => r.toFixed(2)).join(", ")})`,
    ),
    row("bare server with home's bytes, req/s", (x) => x.bareRps, n0),
    row("open-loop rate (half the floor's)", (x) => x.openLoopRate, n0),
    row(
      "p99 open loop: bare / floor / home",
      (x) => x.p99,
      (p) => `${ms(p.bare)} / ${ms(p.floor)} / ${ms(p.home)}`,
    ),
    row(
      "CPU per request: home / floor",
      (x) => x.cpuMsPerRequest,
      (c) => `${cpu(c.home)} / ${cpu(c.floor)}`,
    ),
    "",
  ];
}

/** Section 10's targets with the figures that decide them. */
export function floorTargets(f) {
  if (!f) return [];
  if (!measured(f))
    return [
      {
        target: `Home ≥ ${SHARE_TARGET} of the framework floor's req/s`,
        figure: `not measured${f.failed ? ` (${f.failed})` : ""}`,
        met: false,
      },
    ];
  const o = f.openLoop;
  const spread = floorSpread(f);
  const steady = spread <= MAX_FLOOR_SPREAD;
  return [
    [
      `Home ≥ ${SHARE_TARGET} of the framework floor's req/s (wrk, ${f.connections} connections, ${f.rounds.length} alternating rounds whose floor rates agree within ${pct(MAX_FLOOR_SPREAD)})`,
      `${f.share.toFixed(2)} (rounds ${f.rounds.map((r) => r.share.toFixed(2)).join(", ")})${steady ? "" : `; not judged: the floor's rounds differ by ${pct(spread)}, the machine was too busy`}`,
      steady && f.share >= SHARE_TARGET,
    ],
    [
      "wrk saturates the bare reference: the bare server with home's bytes ≥ 5 × the floor's rate",
      `${n0(f.bare.rps)} vs ${n0(f.floorRps)} req/s (${(f.bare.rps / f.floorRps).toFixed(1)}×)`,
      f.bare.rps >= 5 * f.floorRps,
    ],
    [
      `The open-loop client holds ${n0(o.rate)} req/s on the bare server (≥ ${pct(GENERATOR_SHARE)} delivered)`,
      `${n0(o.bare.achievedRps)} req/s, p99 ${o.bare.p99} ms, schedule late by ≤ ${o.bare.sendLagMaxMs} ms`,
      o.bare.achievedRps >= GENERATOR_SHARE * o.rate && o.bare.failed === 0,
    ],
  ].map(([target, figure, met]) => ({ target, figure, met }));
}

/** The floor rebuilt with one character beyond Latin-1, beside home (floor-throughput.mjs's wide rounds). */
function wideLines(f) {
  if (!f.wide?.rounds?.length)
    return [`The floor with one character beyond Latin-1 was not measured in this run${f.wide?.failed ? ` (${f.wide.failed})` : ""}.`, ""];
  const mean = (pick) => f.wide.rounds.reduce((sum, r) => sum + pick(r), 0) / f.wide.rounds.length;
  const wideRps = mean((r) => r.wide.rps);
  return [
    "### One character beyond Latin-1",
    "",
    "V8 keeps a string that holds any character above U+00FF at two bytes per character, and Node encodes such a page to",
    "UTF-8 on every answer far more slowly than one held at a byte per character (Latin-1). The same floor page rebuilt with its first character of",
    `text "→" (U+2192; ${n0(f.wide.bytes)} bytes), ${f.wide.rounds.length} more rounds, each beside home:`,
    "",
    '| round | floor with "→" req/s | home req/s | home ÷ it |',
    "| ---: | ---: | ---: | ---: |",
    ...f.wide.rounds.map((r, i) => `| ${i + 1} | ${n0(r.wide.rps)} | ${n0(r.home.rps)} | ${(r.home.rps / r.wide.rps).toFixed(2)} |`),
    "",
    `One such character takes the floor from ${n0(f.floorRps)} to ${n0(wideRps)} req/s (${(wideRps / f.floorRps).toFixed(2)} of it). The shop's own text on the`,
    "pages cached for everyone stays within Latin-1 (`tests/e2e/html-validity.spec.ts` checks them); before it did, home carried five",
    "such characters (the category cards' four \"→\", the footer's en dash), and this section measured home at 0.73 of the floor",
    "(at a725af9). A product whose name or details hold one (a curly quote, an em dash) puts the pages that show it in this row.",
    "",
  ];
}

/** The floor served by a fresh process, one that has rendered on request, and one with a request context (floor-throughput.mjs's context rounds). */
function contextLines(f) {
  if (!f.context?.rounds?.length)
    return [`The floor's request context was not measured in this run${f.context?.failed ? ` (${f.context.failed})` : ""}.`, ""];
  const rounds = f.context.rounds;
  const mean = (name) => rounds.reduce((sum, r) => sum + r[name].rps, 0) / rounds.length;
  const [fresh, rendered, tracked, home] = ["fresh", "rendered", "tracked", "home"].map(mean);
  return [
    "### What a request context costs on Node " + f.machine.node,
    "",
    "The floor above is a process that has only ever served its prerendered page. The same build, served by three processes",
    `side by side, each given one window of load first, then ${rounds.length} rounds, each server in turn (each round starting one server later): the floor as above; a floor that has rendered one page on request`,
    "(`connection()`: Next enters its AsyncLocalStorage to render, as any app's first uncached page, action or route handler does);",
    "and a floor that enters an AsyncLocalStorage for every request, as the shop does to give each log line its request",
    "(`bench/lib/request-context-preload.mjs`, what `lib/log/track-requests.ts` does, alone). On Node 20 an AsyncLocalStorage",
    "once entered switches on async_hooks' promise hook for the whole process: every promise any request makes pays it.",
    "",
    "| round | floor req/s | floor after one render req/s | floor with a request context req/s | home req/s |",
    "| ---: | ---: | ---: | ---: | ---: |",
    ...rounds.map((r, i) => `| ${i + 1} | ${n0(r.fresh.rps)} | ${n0(r.rendered.rps)} | ${n0(r.tracked.rps)} | ${n0(r.home.rps)} |`),
    `| mean | ${n0(fresh)} | ${n0(rendered)} (${(rendered / fresh).toFixed(2)}) | ${n0(tracked)} (${(tracked / fresh).toFixed(2)}) | ${n0(home)} (${(home / fresh).toFixed(2)}) |`,
    "",
    `Home against the floor that has rendered once: ${(home / rendered).toFixed(2)}; against the floor with a request context: ${(home / tracked).toFixed(2)}.`,
    "",
  ];
}

/** The shop's CPU per request by origin beside the floor's: what the shop adds. */
function profileLines(f, shopProfile) {
  const floor = f.floorProfile;
  if (!floor || !shopProfile?.profile) return ["The CPU profile was not taken in this run.", ""];
  const shop = shopProfile.profile;
  const floorBy = new Map(floor.origins.map((o) => [o.origin, o.msPerRequest]));
  const rows = shop.origins.slice(0, TOP).map((o) => {
    const there = floorBy.get(o.origin) ?? 0;
    return `| ${o.origin} | ${o.msPerRequest.toFixed(3)} | ${there.toFixed(3)} | ${(o.msPerRequest - there).toFixed(3)} |`;
  });
  return [
    "### What the shop adds, profiled",
    "",
    `V8's sampling profiler in each server during one wrk window (64 connections; \`bench/lib/server-probe.mjs\`): the shop's home`,
    `${n1(shop.cpuMsPerRequest)} ms of CPU per request (at ${n0(shop.wrkRps)} req/s, \`bench/server-profile.mjs\`), the floor's page ${n1(floor.cpuMsPerRequest)} ms`,
    `(at ${n0(floor.wrkRps)} req/s). Self time per request by where the code comes from, the shop's ${TOP} busiest origins:`,
    "(for the floor, *the build's server chunks* are the empty app's).",
    "",
    "| origin | shop ms / request | floor ms / request | the shop adds |",
    "| --- | ---: | ---: | ---: |",
    ...rows,
    `| all (busy time) | ${shop.cpuMsPerRequest.toFixed(3)} | ${floor.cpuMsPerRequest.toFixed(3)} | ${(shop.cpuMsPerRequest - floor.cpuMsPerRequest).toFixed(3)} |`,
    "",
  ];
}

export function renderFloorSection(f, shopProfile) {
  if (!f) return "";
  if (!measured(f)) return `\n${HEADING}\n\nNot measured: the step failed (${f.failed ?? "no rounds"}).\n`;
  const m = f.machine;
  const o = f.openLoop;
  return [
    "",
    HEADING,
    "",
    `\`${f.command}\` (\`bench/floor-throughput.mjs\`) at ${f.tree.commit}${f.tree.uncommittedSourceFiles ? ` with ${f.tree.uncommittedSourceFiles} uncommitted source files` : ""},`,
    `${m.date}, on ${m.cores} × ${m.model}, Node ${m.node}, load average at the start ${m.loadavg}; this part took ${n0(f.totalSeconds)} s.`,
    "",
    "The reference is the framework floor: an empty Next app (one root layout, one page; `bench/framework-floor.mjs`) with",
    "`cacheComponents: true`, built with this project's next and served by `next start`, whose static page carries plain text",
    `so its HTML weighs what home's does: ${n0(f.floorBytes)} bytes against home's ${n0(f.homeBytes)} (${n0(f.padding)} characters of text on a page of about ${n0(f.emptyPageBytes)} bytes).`,
    "The empty app is a project of its own (its own Turbopack root and hard-linked node_modules): built as a folder of the",
    "repository, Next would take the shop's proxy.ts and instrumentation.ts into it.",
    `Both plain (no Accept-Encoding), wrk at ${f.connections} connections, one unrecorded window on each first, then ${f.seconds} s after a ${f.warmupSeconds} s warm-up each, floor then home, ${f.rounds.length} rounds.`,
    "",
    "| round | floor req/s | floor p99 ms | home req/s | home p99 ms | home ÷ floor | failed |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...f.rounds.map(
      (r, i) =>
        `| ${i + 1} | ${n0(r.floor.rps)} | ${r.floor.p99} | ${n0(r.home.rps)} | ${r.home.p99} | ${r.share.toFixed(2)} | ${r.floor.failures + r.home.failures} |`,
    ),
    `| all | ${n0(f.floorRps)} (mean) | | | | **${f.share.toFixed(2)}** | |`,
    "",
    `The bare reference (\`bench/lib/bare-server.mjs\`, home's exact bytes, ${kB(f.homeBytes)} kB) under the same wrk: ${n0(f.bare.rps)} req/s,`,
    `${(f.bare.rps / f.floorRps).toFixed(1)} × the floor's rate, so wrk is not what limits the floor or home.`,
    "",
    `Tail latency at half the floor's rate, ${n0(o.rate)} req/s, from an open-loop client (\`bench/lib/open-loop.mjs\`, a process of its`,
    "own): requests leave on a fixed schedule whatever the answers, and each latency runs from its scheduled send time, so a",
    `stall counts for every request due behind it (wrk and ab wait for an answer before sending again). ${o.seconds} s per server.`,
    "",
    "| server | asked req/s | delivered req/s | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms | schedule late by at most ms | failed |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...[
      ["bare server (home's bytes): the client's own floor", o.bare],
      ["framework floor", o.floor],
      ["home", o.home],
    ].map(
      ([label, r]) =>
        `| ${label} | ${n0(r.rate)} | ${n0(r.achievedRps)} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.p999} | ${r.max} | ${r.sendLagMaxMs} | ${r.failed} |`,
    ),
    "",
    ...wideLines(f),
    ...contextLines(f),
    ...profileLines(f, shopProfile),
    ...beforeLines({ ...f, shopProfile }),
    ...sectionTargets(floorTargets(f)),
  ].join("\n");
}

export const spliceFloorSection = (report, section) => spliceSection(report, HEADING, section);
