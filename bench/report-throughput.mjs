// §1 of docs/BENCHMARKS.md, "Throughput and latency": every page under wrk
// and ab beside the bare server with its bytes, and home's three runs at 64
// connections (bench/throughput.mjs measures). Formatting only.
import { littlesLaw } from "./lib/stats.mjs";
import { n0 } from "./report-format.mjs";

/** The row measured without Accept-Encoding (the uncompressed page) for a page and concurrency. */
export function plainRow(rows, label, connections) {
  return rows.find((r) => r.label === label && r.connections === connections && (r.encoding ?? "identity") === "identity") ?? null;
}

export function throughputSection(rows) {
  const ceiling = Math.max(...rows.map((r) => r.bare.rps));
  const abCeiling = Math.max(...rows.filter((r) => r.bareAb).map((r) => r.bareAb.rps));
  const home64 = plainRow(rows, "home", 64);
  const tcp = (m) => (m?.tcp ? `${m.tcp.zeroWindow} / ${m.tcp.retransmitted}` : "—");
  return [
    "Closed-loop keep-alive load on loopback after a 1 s warm-up, from two C clients: wrk (`bench/lib/wrk.mjs`, 2",
    "threads) and, at 64 connections, ApacheBench (`bench/lib/ab.mjs`, one thread, every request's time recorded).",
    "After each shop measurement a bare Node `http` server, in a process of its own, serves the exact bytes and",
    "headers the shop returned for that URL and is measured at once with the same settings: the most this machine",
    "and client can do for that response. *Shop ÷ bare* (wrk) is the share of it the shop reaches. Neither client is",
    `the bottleneck: against the bare server wrk reached up to ${n0(ceiling)} req/s in this run and ab ${n0(abCeiling)}.`,
    "",
    "*identity* requests carry no Accept-Encoding (the uncompressed page); *browser* requests send",
    "`Accept-Encoding: gzip, br` as browsers do. Compression happens in Next's server (`next start` answers gzip,",
    "never br); on Vercel the CDN compresses and caches prerendered pages, and the function never sees those requests.",
    "*L* is Little's law: mean latency × req/s ÷ connections. A closed-loop client keeps at most one request per",
    "connection in flight, so L cannot exceed 1; a figure well above 1 means that client's latencies are not the",
    "time its requests actually waited. *0-win / retr.* are the kernel's counts, machine-wide during the shop's run,",
    "of zero-window advertisements and retransmitted segments.",
    "",
    "| page | request | sent as | conn. | bytes | shop req/s | p50 ms | p99 ms | p99.9 ms | L | 0-win / retr. | bare req/s | bare p99 ms | shop ÷ bare | ab: shop req/s | ab p99 ms | ab p99.9 ms | ab L | ab 0-win / retr. | ab: bare req/s | failed |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map((r) => {
      const ab = r.shopAb;
      return (
        `| ${r.label} \`${r.path}\` | ${r.encoding ?? "identity"} | ${r.contentEncoding ?? "none"} | ${r.connections} | ${n0(r.bytes)} | ` +
        `${n0(r.shop.rps)} | ${r.shop.p50} | ${r.shop.p99} | ${r.shop.p999 ?? "?"} | ${r.shop.mean !== undefined ? littlesLaw(r.shop).toFixed(2) : "?"} | ${tcp(r.shop)} | ` +
        `${n0(r.bare.rps)} | ${r.bare.p99} | ${r.ratio.toFixed(3)} | ` +
        (ab
          ? `${n0(ab.rps)} | ${ab.p99} | ${ab.p999} | ${littlesLaw(ab).toFixed(2)} | ${tcp(ab)} | ${n0(r.bareAb.rps)} | `
          : "| | | | | | ") +
        `${r.shop.failures + r.bare.failures + (ab?.failures ?? 0) + (r.bareAb?.failures ?? 0)} |`
      );
    }),
    "",
    ...(home64?.runs ? homeRunsLines(home64) : []),
  ];
}

/** Home's three runs at 64 connections, and the bare server made as slow as the shop. */
function homeRunsLines(row) {
  const slow = row.slowBare;
  return [
    `Home, plain page, 64 connections, each of ${row.runs.length} runs (the first is the table's row):`,
    "",
    "| run | wrk req/s | ÷ bare | wrk p99 ms | wrk p99.9 ms | wrk L | ab req/s | ab p99 ms | ab p99.9 ms | ab L | ab 0-win / retr. |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...row.runs.map(
      (run, i) =>
        `| ${i + 1} | ${n0(run.wrk.rps)} | ${(run.wrk.rps / row.bare.rps).toFixed(3)} | ${run.wrk.p99} | ${run.wrk.p999} | ${littlesLaw(run.wrk).toFixed(2)} | ` +
        `${n0(run.ab.rps)} | ${run.ab.p99} | ${run.ab.p999} | ${littlesLaw(run.ab).toFixed(2)} | ${run.ab.tcp ? `${run.ab.tcp.zeroWindow} / ${run.ab.tcp.retransmitted}` : "—"} |`,
    ),
    "",
    ...(slow
      ? [
          `The same bytes from the bare server made as slow as the shop (it spins ${slow.busyMs.toFixed(2)} ms of CPU per request, the shop's`,
          `time per request at its measured rate), under wrk: ${n0(slow.wrk.rps)} req/s, p50 ${slow.wrk.p50} ms, p99 ${slow.wrk.p99} ms,`,
          `p99.9 ${slow.wrk.p999} ms, L ${littlesLaw(slow.wrk).toFixed(2)}. A server with no Next.js in it shows the same`,
          `wrk tail at that speed, so wrk's p99 at this rate describes the client and loopback, not the shop; ab's`,
          "figures obey Little's law and are the ones the targets use.",
          ...(slow.ab
            ? [
                `Under ab the same slow bare server gave ${n0(slow.ab.result.rps)} req/s, p99 ${slow.ab.result.p99} ms, p99.9 ${slow.ab.result.p999} ms,`,
                `${slow.ab.result.over500} requests over 500 ms, with up to ${slow.ab.longestAcceptQueue ?? "?"} connections waiting in the kernel's accept queue`,
                '(see "Where home\'s time goes" below).',
              ]
            : []),
        ]
      : []),
  ];
}
