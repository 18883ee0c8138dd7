// §1's "A repeated search": `/search?q=a` under load, against its rate
// before the per-query page cache (bench/run.mjs measures). Formatting only.
import { n0 } from "./report-format.mjs";
import { plainRow } from "./report-throughput.mjs";

/** `/search?q=a` at 64 connections before the per-query page cache (docs/BENCHMARKS.md at 613d92f, wrk). */
export const SEARCH_BEFORE = { rps: 49, commit: "613d92f" };

export function searchSection(prerendered, search, seconds) {
  const cell = (r, value) => (r.requests === 0 ? "none completed" : value);
  const home = (c) => plainRow(prerendered, "home", c);
  return [
    "A repeated search, `/search?q=a` (the same URL measured before the page cache: it matches nearly the whole",
    "catalogue, so its page is about as heavy as home). `proxy.ts` rewrites `/search?q=…` to the query's own page,",
    "`/search/<query>`, which Next renders once and then serves from its page cache like a prerendered page, until",
    `the catalogue changes. Before, the page rendered on every request: ${SEARCH_BEFORE.rps} req/s at 64 connections at ${SEARCH_BEFORE.commit}.`,
    "",
    "| page | connections | completed | req/s | p50 ms | p99 ms | failed | home (wrk, same run) req/s |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...search.map(
      (r) =>
        `| search \`/search?q=a\` | ${r.connections} | ${n0(r.requests)} | ${n0(r.rps)} | ${cell(r, r.p50)} | ${cell(r, r.p99)} | ${r.failures} | ${home(r.connections) ? n0(home(r.connections).shop.rps) : "—"} |`,
    ),
    "",
    `A search's first request renders (${seconds} s windows do not show it): its answer streams the results after the`,
    "page's shell and is not stored as is; the next request stores the page, and every later one is a cache hit",
    "(`tests/e2e/pages.spec.ts` checks the `x-nextjs-cache: HIT`).",
  ];
}
