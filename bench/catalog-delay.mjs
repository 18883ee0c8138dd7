// Cross-instance catalogue delay: a product's price is changed in the
// database (the emulator's REST API, raising the catalogue's version in the
// same commit as the store on another instance does), and each shop instance's live stream announces the
// catalogue change to its tabs. The delay runs from the write request until
// the `catalog` event arrives on a raw stream of each instance (bench and
// shops on one machine, one clock). It includes the events route's 150 ms
// debounce, which merges bursts of changes into one refresh.
//
// After each event every instance serves home once, as a tab refreshing on
// the event does: the reads per change on each instance are its listener's
// snapshot of the version document plus whatever that refresh reads (the
// version, and the catalogue again for home's index), from its counts
// (bench/counting/, loaded into each shop), with where they came from.
import { difference, figuresOf, readCounts } from "./lib/counts.mjs";
import { setProductPrice } from "./lib/emulator-writes.mjs";
import { median, percentile } from "./lib/stats.mjs";
import { openStream } from "./lib/sse.mjs";

export async function catalogDelay(emulatorHost, baseURLs, product, { changes = 10, gapMs = 600 } = {}) {
  const streams = await Promise.all(baseURLs.map((base) => openStream(base)));
  try {
    await Promise.all(streams.map((s) => s.next("ready", 0)));
    const before = await Promise.all(baseURLs.map(readCounts));
    const delays = baseURLs.map(() => []);
    for (let i = 0; i < changes; i += 1) {
      // Alternates between two prices, ending where it started when `changes` is even.
      const price = i % 2 === 0 ? product.price + 1 : product.price;
      const writtenAt = Date.now();
      const arrivals = streams.map((s) => s.next("catalog", writtenAt));
      await setProductPrice(emulatorHost, product.id, price);
      (await Promise.all(arrivals)).forEach((at, k) => delays[k].push(at - writtenAt));
      await Promise.all(baseURLs.map(async (base) => (await fetch(`${base}/`)).arrayBuffer()));
      // Past the debounce, so the next change is an event of its own.
      await new Promise((r) => setTimeout(r, gapMs));
    }
    const after = await Promise.all(baseURLs.map(readCounts));
    return baseURLs.map((base, k) => {
      const sorted = [...delays[k]].sort((x, y) => x - y);
      const window = figuresOf(difference(after[k], before[k]));
      return {
        base,
        changes,
        median: median(sorted),
        p95: percentile(sorted, 95),
        max: sorted.at(-1),
        delays: delays[k],
        readsPerChange: window.documents / changes,
        // Totals over the `changes` changes.
        sources: window.sources,
        catalogueSnapshots: window.snapshots.catalogue,
      };
    });
  } finally {
    await Promise.all(streams.map((s) => s.close()));
  }
}
