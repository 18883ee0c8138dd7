// §5 of docs/BENCHMARKS.md, "Live-update delay": one visitor's cart changes
// from tab A to tab B (bench/live-delay.mjs measures). Formatting only.

export function liveSection(live) {
  return [
    `${live.changes} cart changes by one visitor in two tabs of one chromium context: adds from a product list in tab A, then`,
    "deletes from tab A's cart page, each clicked through the UI. The delay runs from the click in tab A until tab B's",
    "header cart count changes (timestamped in tab B by a MutationObserver; both tabs share one clock).",
    "",
    "| changes | median ms | p95 ms | max ms |",
    "| ---: | ---: | ---: | ---: |",
    `| ${live.changes} | ${live.median} | ${live.p95} | ${live.max} |`,
    "",
    `All delays (ms, in order): ${live.delays.join(", ")}.`,
  ];
}
