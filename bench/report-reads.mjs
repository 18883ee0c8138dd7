// §3 of docs/BENCHMARKS.md, "Database reads per 1,000 home views": what one
// view requests, what the shop read and where from, and the spec's original
// design computed beside it (bench/reads.mjs measures). Formatting only.
import { n0, n1, source } from "./report-format.mjs";

const plural = (x, one, many) => `${n0(x)} ${x === 1 ? one : many}`;

/** A read of the catalogue itself: Firestore's products collection, or a SQLite statement on the products table. */
const readsCatalogue = (name) => /^products\b/.test(name) || /\bFROM products\b/i.test(name);

/** What the window's reads were, said from the counts themselves (never assumed). */
function readsExplained(reads, sources) {
  if (reads.documents === 0) {
    return [
      "No view read the database: the pages come prerendered from the cache, and an anonymous visitor's live stream",
      "subscribes to the feeds without reading.",
    ];
  }
  const perMinute = `${n1((reads.documents / reads.seconds) * 60)} documents a minute`;
  if (sources.every(([name]) => readsCatalogue(name))) {
    return [
      `Every read in the window was of the catalogue (${perMinute}): the catalogue cache (\`cacheLife("minutes")\` in`,
      "`lib/catalog/read.ts`) is revalidated in the background by the first request after it is a minute old, which",
      "re-reads the catalogue once per server process. That cost is per minute, not per view: per 1,000 views it",
      `shrinks as traffic grows (this run served ${n1(reads.views / reads.seconds)} views a second).`,
    ];
  }
  return [`Reads in the window (${perMinute}) came from ${sources.map(([name]) => source(name)).join(", ")}: see the table.`];
}

/** What one document is on the backend the window ran on. */
function documentMeaning(reads) {
  if (reads.backend === "firestore") {
    return [
      "A *document* is a document read as Firestore bills it, counted on the wire between firebase-admin and the",
      "database (gets, queries, transactions' reads, listener snapshots); *from* names the collection read.",
    ];
  }
  return [
    "A *document* is a row a SQL statement returned (at least 1 per statement: an empty answer still searched)",
    "while serving an HTTP request: every statement run in a request's async context counts, reads inside writes",
    "included; *from* names the statement. The catalogue watch's poll of its change counter (one row a second while",
    `a live stream listens) runs outside any request and is counted apart: ${plural(reads.backgroundRows, "row", "rows")} in this window,`,
    "not in the figures.",
  ];
}

/** What the live feeds did in the window: Firestore's listeners, or SQLite's in-process feeds. */
function feedsLines(reads) {
  if (reads.backend === "firestore") {
    return [
      `Listeners during the window: ${reads.listenersStarted} started (the catalogue's, on \`meta/catalog\`, starts once per server`,
      `process, before the window), ${reads.snapshots.catalogue} catalogue snapshots and ${reads.snapshots.carts} cart snapshots`,
      "(anonymous visitors have no cart to watch).",
    ];
  }
  return [
    "Live feeds: SQLite holds no listeners. A cart change is announced by the process that made it, and catalogue",
    "changes are found by the background poll above; neither reads for a view.",
  ];
}

export function readsSection(reads, catalogueSize) {
  const per1000 = (reads.documents / reads.views) * 1000;
  const original = catalogueSize * 1000;
  const sources = Object.entries(reads.sources ?? {});
  return [
    `${n0(reads.views)} anonymous home views after ${reads.warmupViews} warm-up views, ${reads.concurrency} at a time, in ${n1(reads.seconds)} s. One view`,
    "replays what a real chromium requested from the server's code when it opened the home page (recorded once, same",
    "headers, no cookies; static files and images cannot read the database and are left out; a request whose reused",
    `keep-alive connection was reset is retried once, as browsers do: ${reads.retriedAfterReset} such retries):`,
    "",
    ...reads.requests.map((r) => `- \`${r.method} ${r.url}\` (${r.kind})`),
    "",
    `Counted from outside the shop's code by \`bench/counting/\`, loaded into the \`next start\` process with \`node --import\`;`,
    `backend: ${reads.backend}.`,
    ...documentMeaning(reads),
    "The window is the difference of two snapshots of the counts, which the counter serves on a port of its own:",
    "reading them touches no database. Section 6 compares the two backends.",
    "",
    "| | documents | per 1,000 views |",
    "| --- | ---: | ---: |",
    `| this shop (${reads.backend}) | ${n0(reads.documents)} | **${n1(per1000)}** |`,
    ...sources.map(([name, n]) => `| — from ${source(name)} | ${n0(n)} | |`),
    `| the spec's original design (computed; one listener per view) | ${n0(original)} | **${n0(original)}** |`,
    "",
    ...readsExplained(reads, sources),
    "",
    ...feedsLines(reads),
    "",
    `The original design is computed, not run: every visitor's browser held an \`onSnapshot\` listener on the`,
    `\`products\` collection, whose first snapshot reads every product, so each view reads the whole catalogue:`,
    `${catalogueSize} products (the demo catalogue this run served) × 1,000 views = ${n0(original)} document reads.`,
  ];
}
