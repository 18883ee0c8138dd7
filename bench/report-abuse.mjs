// Section 8 of docs/BENCHMARKS.md: one client at 10 × the search limit
// beside 20 shoppers within every limit (bench/abuse.mjs measures; issue
// 25, item 8). Formatting only.
import { n0, n1, pct, spliceSection, sectionTargets, treeLine } from "./report-format.mjs";

const HEADING = "## 8. One client at 10 × the search limit beside 20 shoppers";
/** The shoppers' p99 beside the abuser may be at most this many times their p99 without it. */
export const P99_RATIO_LIMIT = 1.5;

const measured = (abuse) => abuse && !abuse.failed && abuse.without && abuse.with;
const rate = (w) => (w.requests ? w.succeeded / w.requests : 0);
const rateText = (w) => `${n1(rate(w) * 100)} % (${n0(w.succeeded)} of ${n0(w.requests)})`;
const ratio = (abuse) => abuse.with.all.p99 / abuse.without.all.p99;
/** Searches the abuser may have accepted in a window: the limit for each minute the window began. */
const allowance = (abuse) => abuse.searchLimitPerMinute * Math.ceil(abuse.seconds / 60);

/** Section 8's targets with the figures that decide them. */
export function abuseTargets(abuse) {
  const names = [
    "Shoppers within every limit, alone: 100 % of their requests succeed",
    "Shoppers beside a client at 10 × the search limit: 100 % of their requests succeed",
    `Shoppers' p99 beside that client ≤ ${P99_RATIO_LIMIT} × their p99 without it`,
    "That client: no more searches accepted than the limit allows, every other one refused with 429",
  ];
  if (!abuse) return [];
  if (!measured(abuse))
    return names.map((target) => ({ target, figure: `not measured${abuse.failed ? ` (${abuse.failed})` : ""}`, met: false }));
  const a = abuse.with.abuser;
  return [
    [names[0], rateText(abuse.without), rate(abuse.without) === 1],
    [names[1], rateText(abuse.with), rate(abuse.with) === 1],
    [names[2], `${abuse.with.all.p99} ms vs ${abuse.without.all.p99} ms (${ratio(abuse).toFixed(2)}×)`, ratio(abuse) <= P99_RATIO_LIMIT],
    [
      names[3],
      `${n0(a.accepted)} accepted (allowed ${allowance(abuse)}), ${n0(a.refused429)} refused with 429, of ${n0(a.sent)} sent`,
      a.accepted <= allowance(abuse) && a.accepted + a.refused429 === a.sent,
    ],
  ].map(([target, figure, met]) => ({ target, figure, met }));
}

const cells = (l) => (l ? `${l.p50} | ${l.p95} | ${l.p99} | ${l.max}` : "— | — | — | —");
const failures = (w) =>
  Object.entries(w.failures)
    .map(([what, count]) => `${count} × ${what}`)
    .join(", ") || "none";

function windowRows(abuse) {
  const row = (label, w) => `| ${label} | ${n0(w.requests)} | ${rateText(w)} | ${cells(w.all)} | ${failures(w)} | ${w.loadavg} |`;
  return [
    "| window | requests | succeeded | p50 ms | p95 ms | p99 ms | max ms | failures | load average at its start |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
    row("shoppers alone", abuse.without),
    row("shoppers + abuser", abuse.with),
  ];
}

function kindRows(abuse) {
  const kinds = [
    ["page", "pages (home, electronics, details)"],
    ["search", "searches (warmed words)"],
    ["stream", "live stream opens (to headers)"],
  ];
  const half = (k) => (k.requests ? `${k.requests} | ${k.failed} | ${k.p50} | ${k.p99}` : "0 | 0 | — | —");
  return [
    "| request | alone: requests | failed | p50 ms | p99 ms | with abuser: requests | failed | p50 ms | p99 ms |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...kinds.map(([kind, label]) => `| ${label} | ${half(abuse.without.byKind[kind])} | ${half(abuse.with.byKind[kind])} |`),
  ];
}

function abuserLines(abuse) {
  const a = abuse.with.abuser;
  const statuses = Object.entries(a.byStatus)
    .map(([status, count]) => `${n0(count)} × ${status}`)
    .join(", ");
  const first =
    a.firstRefusedAt === null
      ? "it was never refused"
      : `its first 429 answered a search sent ${n1(a.firstRefusedAt / 1000)} s into the window`;
  const split = (label, l) => `| ${label} | ${l ? l.count : 0} | ${cells(l)} |`;
  return [
    `The abuser sent ${n0(a.sent)} searches (${abuse.abuserPerSecond} a second, each query new, so each accepted one renders a page`,
    `of its own): ${statuses}; ${first}. Accepted searches took p50 ${a.acceptedMs?.p50 ?? "—"} ms, p99 ${a.acceptedMs?.p99 ?? "—"} ms;`,
    `refusals p50 ${a.refusedMs?.p50 ?? "—"} ms, p99 ${a.refusedMs?.p99 ?? "—"} ms.`,
    "",
    "The shoppers' requests in the abuser's window by when they started: before that first 429, while its searches",
    "were let through, and after it, while each was refused in the proxy (the searches already let through may",
    a.lastAcceptedAnsweredAt === undefined
      ? "still be rendering then):"
      : `still be rendering then), and once the last one let through had been answered (${n1(a.lastAcceptedAnsweredAt / 1000)} s into the window):`,
    "",
    "| shoppers' requests | count | p50 ms | p95 ms | p99 ms | max ms |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    split("before the abuser's first 429", abuse.with.whileAccepted),
    split("after it", abuse.with.afterRefused),
    ...(abuse.with.afterAcceptedAnswered === undefined
      ? []
      : [split("after its last accepted search was answered", abuse.with.afterAcceptedAnswered)]),
  ];
}

/** Why a target was missed, from this run's own figures. */
function whyMissed(abuse, list) {
  if (list.every((t) => t.met)) return [];
  const lines = ["Why targets were missed, from this run's figures:", ""];
  const [, , p99Target] = list;
  if (!p99Target.met) {
    const { whileAccepted: during, afterRefused: after, afterAcceptedAnswered: quiet, abuser: a } = abuse.with;
    const alone = abuse.without.all;
    const lms = (l) => (l ? `p50 ${l.p50}, p95 ${l.p95}, p99 ${l.p99} ms` : "none");
    const firstSeconds = a.firstRefusedAt === null ? "the whole window" : `the first ${n1(a.firstRefusedAt / 1000)} s`;
    lines.push(
      `- p99: ${abuse.with.all.p99} ms beside the abuser against ${alone.p99} ms alone. The search limit counts ${abuse.searchLimitPerMinute} a minute in one`,
      `  window from a client's first search, so it lets the abuser's first ${a.accepted} searches through as they come: all in ${firstSeconds},`,
      `  each a new query that renders a page of its own (p50 ${a.acceptedMs?.p50 ?? "—"} ms, p99 ${a.acceptedMs?.p99 ?? "—"} ms). Shoppers' requests started`,
      `  meanwhile: ${lms(during)} (alone: ${lms(alone)}). After the first 429: ${lms(after)};`,
      quiet !== undefined
        ? `  once its last accepted search had been answered: ${lms(quiet)}.`
        : `  that span begins while the searches let through still render (sent by ${n1((a.firstRefusedAt ?? 0) / 1000)} s, the slowest took ${a.acceptedMs?.max ?? "—"} ms), which this run did not separate.`,
      `  A refusal is cheap (p50 ${a.refusedMs?.p50 ?? "—"} ms) but waits behind those renders in the same process (p99 ${a.refusedMs?.p99 ?? "—"} ms).`,
      `  Load average at each window's start: ${abuse.without.loadavg} alone, ${abuse.with.loadavg} with the abuser, on ${abuse.machine?.cores ?? "?"}`,
      `  cores; the p99 of ${abuse.with.requests} requests is their ${nth(Math.ceil(abuse.with.requests * 0.01))}: one slow moment decides it.`,
    );
  }
  for (const t of list.slice(0, 2).filter((t) => !t.met))
    lines.push(`- ${t.target}: failures alone ${failures(abuse.without)}; with the abuser ${failures(abuse.with)}.`);
  if (!list[3].met) lines.push(`- The abuser's answers: ${JSON.stringify(abuse.with.abuser.byStatus)}.`);
  return [...lines, ""];
}
const nth = (k) => (k === 1 ? "slowest" : `${k}${k === 2 ? "nd" : k === 3 ? "rd" : "th"} slowest`);

/** Section 8 as markdown (empty when no run measured it). */
export function renderAbuseSection(abuse) {
  if (!abuse) return "";
  if (!measured(abuse)) return `\n${HEADING}\n\nNot measured: the step failed (${abuse.failed ?? "no figures"}).\n`;
  const list = abuseTargets(abuse);
  const { machine, pace } = abuse;
  const secs = (ms) => n1(ms / 1000);
  return [
    "",
    HEADING,
    "",
    `Command: \`${abuse.command}\` (\`bench/abuse.mjs\`, ${n0(abuse.totalSeconds)} s), ${machine.date}, on ${machine.cores} × ${machine.model};`,
    `load average ${machine.loadavg} when it started (the machine is shared: other work runs beside the shop).`,
    ...treeLine(abuse.tree),
    abuse.command.includes("--only")
      ? "This section comes from that run alone; the other sections keep the figures of their last runs."
      : "Measured in the same run as sections 1-6, on a shop of its own.",
    "",
    `One SQLite shop at the real limits (\`RATE_LIMIT_FACTOR=1\`: searches ${abuse.searchLimitPerMinute} a minute per address, stream opens 30),`,
    `${abuse.built ? "built first" : "from the current build"}, ready after ${n0(abuse.startSeconds)} s. Each client sends from a loopback address of its own,`,
    "the rate limits' key: shoppers from 127.0.1.1-20, the abuser from 127.0.2.1, the warm-up from 127.0.3.1. The warm-up",
    `asked for each of the ${abuse.pages} pages once and each of the ${abuse.words} search words twice (a search's page is stored on its second request).`,
    "",
    `Then two windows of ${abuse.seconds} s: the ${abuse.shoppers} shoppers alone, then the same shoppers (each replays the same seeded`,
    `sequence) with the abuser beside them. A shopper acts every ${secs(pace.everyMs[0])}-${secs(pace.everyMs[1])} s on keep-alive connections: a page`,
    `(home, \`/electronics\` or a demo product's details page), a search \`/search?q=<word>\` (${pct(pace.searchShare)} of actions, at most`,
    `one per ${secs(pace.searchGapMs)} s), or a live stream \`/api/events\` (${pct(pace.streamShare)}), held ${secs(pace.streamHoldMs[0])}-${secs(pace.streamHoldMs[1])} s while it browses on. A request is timed`,
    "until its whole answer arrived (a stream: until its headers), and succeeds on a 2xx or 3xx; a 429, a 5xx, an",
    `error or no answer within 30 s fails. The abuser sends \`/search?q=<word> <n>\` ${abuse.abuserPerSecond} times a second (10 × the limit)`,
    "without waiting for answers.",
    "",
    ...sectionTargets(list),
    ...whyMissed(abuse, list),
    "### The shoppers",
    "",
    ...windowRows(abuse),
    "",
    ...kindRows(abuse),
    "",
    "### The abuser",
    "",
    ...abuserLines(abuse),
    "",
  ].join("\n");
}

/** The report with section 8 replaced (or added at the end), the rest untouched. */
export const spliceAbuseSection = (report, section) => spliceSection(report, HEADING, section);
