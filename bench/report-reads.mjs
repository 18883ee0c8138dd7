// §3 of docs/BENCHMARKS.md, "Database reads per 1,000 home views": what one
// view requests, what the store counted, and the spec's original design
// computed beside it (bench/reads.mjs measures). Formatting only.
import { n0, n1 } from "./report-format.mjs";

/** What the window's reads were, said from the counts themselves (never assumed). */
function readsExplained(reads, methods) {
  if (reads.documents === 0) {
    return [
      "No view read the store: the pages come prerendered from the cache, and an anonymous visitor's live stream",
      "subscribes to the feeds without reading.",
    ];
  }
  const perMinute = `${n1((reads.documents / reads.seconds) * 60)} documents a minute`;
  if (methods.every(([name]) => name === "listProducts")) {
    return [
      `Every read in the window was \`listProducts\` (${perMinute}): the catalogue cache (\`cacheLife("minutes")\` in`,
      "`lib/catalog/read.ts`) is revalidated in the background by the first request after it is a minute old, which",
      "re-reads the catalogue once per server process. That cost is per minute, not per view: per 1,000 views it",
      `shrinks as traffic grows (this run served ${n1(reads.views / reads.seconds)} views a second).`,
    ];
  }
  return [`Reads in the window (${perMinute}) came from ${methods.map(([name]) => `\`${name}\``).join(", ")}: see the table.`];
}

export function readsSection(reads, catalogueSize) {
  const per1000 = (reads.documents / reads.views) * 1000;
  const original = catalogueSize * 1000;
  const methods = Object.entries(reads.byMethod).filter(([, m]) => m.calls > 0);
  return [
    `${n0(reads.views)} anonymous home views after 50 warm-up views, 8 at a time, in ${n1(reads.seconds)} s. One view`,
    "replays what a real chromium requested from the server's code when it opened the home page (recorded once, same",
    "headers, no cookies; static files and images cannot read the store and are left out; a request whose reused",
    `keep-alive connection was reset is retried once, as browsers do: ${reads.retriedAfterReset} such retries):`,
    "",
    ...reads.requests.map((r) => `- \`${r.method} ${r.url}\` (${r.kind})`),
    "",
    "Counted in the shop by `lib/data/counting.ts` (`STORE_COUNT_READS=1`), backend: " + reads.backend + ".",
    "A *query* is one call of a read method of the Store; its *documents* are the rows it returned (at least 1,",
    "as Firestore bills an empty query); each cart-feed delivery counts the cart's lines once. Reads that writes",
    "make inside the adapter are not counted (a view writes nothing). The health probe used to read the counter",
    "reads too: its reads are measured (" + (reads.probe ?? 1) + (reads.probe === 1 || reads.probe === undefined ? " document" : " documents") + ") and taken off. Section 6 compares the Firestore backend.",
    "",
    "| | queries | documents | per 1,000 views |",
    "| --- | ---: | ---: | ---: |",
    `| this shop (${reads.backend}) | ${reads.queries} | ${reads.documents} | **${n1(per1000)}** |`,
    ...methods.map(([name, m]) => `| — of which \`${name}\` | ${m.calls} | ${m.documents} | |`),
    `| the spec's original design (computed; one listener per view) | ${n0(reads.views)} | ${n0(original)} | **${n0(original)}** |`,
    "",
    ...readsExplained(reads, methods),
    "",
    `Live feeds during the window: ${reads.catalog.subscriptions} catalogue subscriptions (one per view's stream),`,
    `${reads.catalog.listenerStarts} catalogue listener starts (on Firestore a start reads one document, \`meta/catalog\`, once`,
    `per server process; it happened before the window), ${reads.catalog.deliveries} catalogue deliveries and`,
    `${reads.cartDeliveries} cart deliveries (anonymous visitors have no cart to watch).`,
    "",
    `The original design is computed, not run: every visitor's browser held an \`onSnapshot\` listener on the`,
    `\`products\` collection, whose first snapshot reads every product, so each view reads the whole catalogue:`,
    `${catalogueSize} products (the demo catalogue this run served) × 1,000 views = ${n0(original)} document reads.`,
  ];
}
