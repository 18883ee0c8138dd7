// §1's "With the catalogue cache regenerating": home under ab with and
// without a catalogue change in the window (bench/regeneration.mjs
// measures). Formatting only.
import { n0 } from "./report-format.mjs";

export function regenerationSection({ quiet, changed }) {
  const line = (name, m) => `| ${name} | ${n0(m.rps)} | ${m.p50} | ${m.p99} | ${m.p999} | ${m.max} | ${m.failures} |`;
  return [
    "Home at 64 connections (ab), twice: with nothing changing (the catalogue cache's background regeneration,",
    "hourly now, outside the window), and with a catalogue change written to the SQLite file by another process one",
    "second into the window, as an import would: the shop's feed sees it within a second, expires the cached",
    "catalogue, and the next requests for home wait for the new render.",
    "",
    "| window | req/s | p50 ms | p99 ms | p99.9 ms | max ms | failed |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    line("no change", quiet),
    line("a catalogue change inside", changed),
  ];
}
