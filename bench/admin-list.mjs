// The admin's product list at scale (issue 14: a page in under 300 ms p95
// with 50,000 products). One signed-in admin asks for a mix of list pages one
// after another, as a person filtering does: the first page, a search, a type
// filter, and a search that matches one product. Later pages are reached by
// cursor ("Next page", lib/admin/product-list.ts), each one ordered query like
// the first, so the first page stands for them. Sequential on purpose: this is the wait of
// one operator, not the shop's throughput; a Node client is no bottleneck for
// one request at a time. Every answer is checked to be the list (200, its
// count line), so a sign-in page or an error cannot pass as a fast list.
import { percentile } from "./lib/stats.mjs";

/** The list URLs asked for, for a catalogue of `count` products whose last is `oldestName`. */
export function adminListPaths(count, oldestName) {
  return [
    ["first page", "/admin-entry/products"],
    ['search "wireless"', "/admin-entry/products?q=wireless"],
    ["type Book", "/admin-entry/products?type=Book"],
    ["search for one product", `/admin-entry/products?q=${encodeURIComponent(oldestName)}`],
  ];
}

const COUNT_LINE = /data-testid="product-count"[^>]*>([^<]+)/;

async function timedGet(url, cookie) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  const html = await response.text();
  const ms = performance.now() - started;
  const countLine = html.match(COUNT_LINE)?.[1];
  if (response.status !== 200 || !countLine) throw new Error(`${url} answered ${response.status} without the product list`);
  return { ms, countLine };
}

/**
 * The first request on its own, then `rounds` passes over every path after
 * `warmupRounds` unmeasured ones; the
 * p50, p95 and slowest of each path and of all of them together, and the
 * count line each page showed (so the report shows it was the whole catalogue).
 */
export async function adminListLatency(baseURL, cookie, paths, { rounds = 40, warmupRounds = 2 } = {}) {
  const samples = new Map(paths.map(([label]) => [label, []]));
  const countLines = new Map();
  // The first list page after a catalogue change, timed on its own (the caller makes the change).
  const first = await timedGet(`${baseURL}${paths[0][1]}`, cookie);
  for (let round = 0; round < warmupRounds + rounds; round += 1) {
    for (const [label, path] of paths) {
      const { ms, countLine } = await timedGet(`${baseURL}${path}`, cookie);
      countLines.set(label, countLine);
      if (round >= warmupRounds) samples.get(label).push(ms);
    }
  }
  const summary = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { requests: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) };
  };
  return {
    rounds,
    firstMs: first.ms,
    byPath: paths.map(([label, path]) => ({ label, path, countLine: countLines.get(label), ...summary(samples.get(label)) })),
    all: summary([...samples.values()].flat()),
  };
}
