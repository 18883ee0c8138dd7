// Section 6 of docs/BENCHMARKS.md: both backends' reads side by side
// (report-backends-reads.mjs), and two Firestore instances on one emulator
// (bench/backends.mjs measures). Formatting only.
import { CATALOGUE_LISTENER_PATH, isCartListenerPath } from "./lib/counts.mjs";
import { breakdown, bySource, failed, readFigure, why } from "./report-backends-format.mjs";
import { documentReadsLines } from "./report-backends-reads.mjs";
import { n0, spliceSection, sectionTargets, treeLine } from "./report-format.mjs";

const HEADING = "## 6. Firestore backend, and two instances on one database";

/** Section 6's targets (issue 10, point 6) with the figures that decide them. */
export function backendsTargets(backends) {
  const fs = backends?.firestore;
  const reads = fs?.reads ?? {};
  const list = [];
  const add = (target, value, figure, met) =>
    list.push({ target, figure: failed(value) ? why(value) : figure(), met: !failed(value) && met() });
  add(
    "Firestore reads per 1,000 home views: 0",
    reads.home,
    () => readFigure((reads.home.documents / reads.home.views) * 1000),
    () => reads.home.documents === 0,
  );
  add(
    "Firestore reads per search, same query after warm-up: 0",
    reads.search,
    () => readFigure(reads.search.sameQuery.perCall),
    () => reads.search.sameQuery.documents === 0,
  );
  // Issue 27 replaced the per-process index (which made this 0 and read the
  // whole catalogue per instance and change) by the store's own search keys:
  // a new search reads what its keys find, and their stock, never more.
  add(
    "Firestore reads per new search, catalogue warm: only the search's key queries and their results' stock",
    reads.search,
    () => `${readFigure(reads.search.newQueries.perCall)} (${Object.keys(reads.search.newQueries.sources ?? {}).join(", ")})`,
    () => {
      const sources = Object.keys(reads.search.newQueries.sources ?? {});
      return reads.search.newQueries.documents > 0 && sources.length > 0 && sources.every((source) => SEARCH_SOURCES.includes(source));
    },
  );
  add(
    "Cross-instance live delay (A to B) p95 < 1 s",
    fs?.cross,
    () => `${fs.cross.p95} ms`,
    () => fs.cross.p95 < 1000,
  );
  // The stock notices' query (issue 28, lib/catalog/stock-feed.ts) is the
  // process's second listener, one per instance like the catalogue's.
  add(
    "Listeners one process holds for 100 tabs of 10 visitors: 1 catalogue + 1 stock notices + 10 carts",
    fs?.listeners,
    () => `${fs.listeners.open.active} (${listenerSummary(fs.listeners.open.byPath)})`,
    () =>
      fs.listeners.open.active === 12 &&
      catalogueListeners(fs.listeners.open.byPath) === 1 &&
      cartListeners(fs.listeners.open.byPath) === 10 &&
      otherListeners(fs.listeners.open.byPath) === 1,
  );
  return list;
}

/** Where a new search's reads may come from: the search's key queries, and its results' stock queries. */
const SEARCH_SOURCES = ["products where", "stock where"];

const catalogueListeners = (byPath) => byPath.filter((p) => p.path === CATALOGUE_LISTENER_PATH).reduce((s, p) => s + p.listeners, 0);
/** Neither the catalogue's nor a cart's: the stock notices' query, which the counter names "(query)". */
const otherListeners = (byPath) =>
  byPath.filter((p) => p.path !== CATALOGUE_LISTENER_PATH && !isCartListenerPath(p.path)).reduce((s, p) => s + p.listeners, 0);
const cartListeners = (byPath) => byPath.filter((p) => isCartListenerPath(p.path)).reduce((s, p) => s + p.listeners, 0);
function listenerSummary(byPath) {
  const other = byPath.filter((p) => p.path !== CATALOGUE_LISTENER_PATH && !isCartListenerPath(p.path));
  return [
    `${catalogueListeners(byPath)} catalogue`,
    `${cartListeners(byPath)} cart`,
    ...other.map((p) => `${p.listeners} on ${p.path}`),
  ].join(", ");
}

function delayRow(label, live) {
  if (failed(live)) return `| ${label} | ${why(live)} | | | |`;
  return `| ${label} | ${live.changes} | ${readFigure(live.median)} | ${live.p95} | ${live.max} |`;
}

function listenersLines(l) {
  if (failed(l)) return [`Not measured: ${why(l)}.`];
  const row = (label, state) => `| ${label} | ${state.active} | ${listenerSummary(state.byPath)} |`;
  return [
    `${l.visitors} guests each added one product through instance A's UI (real chromium), so each has a cart that`,
    `instance B has never seen. Then each opened ${l.tabs / l.visitors} tabs on instance B: ${l.tabs} raw live streams`,
    "(`/api/events` with the visitor's cookies, held open; what an open tab costs the server, the page itself being",
    "prerendered), not chromium pages. Instance B's snapshot listeners, counted where firebase-admin opens them:",
    "",
    "| instance B | listeners | of which |",
    "| --- | ---: | --- |",
    row("before the tabs opened", l.before),
    row(`${l.tabs} tabs open`, l.open),
    row("1 s after every tab closed", l.after),
    "",
    `Opening the ${l.tabs} tabs read ${n0(l.documentsToOpen)} documents` +
      (l.firestoreToOpen ? ` (${breakdown(l.firestoreToOpen)}; from: ${bySource(l.sourcesToOpen)})` : "") +
      `, and the cart listeners delivered ${l.snapshotsToOpen.carts} snapshots. One listener per tab, as in the spec's original`,
    `design (each browser held its own), would be ${l.tabs} cart and ${l.tabs} catalogue listeners.`,
  ];
}

/** Section 6 as markdown (empty when this run has no such figures). */
export function renderBackendsSection(backends, catalogueSize) {
  if (!backends) return "";
  const { sqlite, firestore: fs, machine } = backends;
  const list = backendsTargets(backends);
  const reads = fs?.reads ?? {};
  return [
    "",
    HEADING,
    "",
    `Command: \`${backends.command}\` (${n0(backends.totalSeconds)} s), ${machine.date}, on the machine above`,
    `(${machine.cores} × ${machine.model}; load average ${machine.loadavg} when it started).`,
    ...treeLine(backends.tree),
    backends.command.includes("--only")
      ? "This section comes from that run alone; sections 1-5 keep the figures of the last full run."
      : "Measured in the same run as sections 1-5.",
    "",
    "SQLite is the shop as sections 1-5 run it (one process, embedded store). Firestore is the official Cloud Firestore",
    `emulator (started on a free port, seeded with the ${catalogueSize}-product demo catalogue by \`scripts/seed.ts\`) with`,
    "two instances of one production build on it (`next start`, `STORE_BACKEND=firestore`), sharing one",
    "`NEXTAUTH_SECRET` and one Auth emulator, as two instances of one deployment would;",
    `both ${fs && !fs.failed ? `answered ${n0(fs.readyAfter)} s after the emulator did (${fs.built ? "a build included" : "the build was current"})` : "were started"}.`,
    "Reads are measured on instance A; each instance's database work is counted by `bench/counting/` (below).",
    "",
    ...sectionTargets(list),
    ...documentReadsLines(sqlite, reads),
    "",
    "### Live delay across instances",
    "",
    "Cart changes through the UI as in section 5 (adds, then deletes), 20 per row: tab A clicks, tab B's header",
    "count changes. In the last row tab B is served by instance B, so the change reaches it through B's own",
    "Firestore listener, never through A.",
    "",
    "| tab A → tab B | changes | median ms | p95 ms | max ms |",
    "| --- | ---: | ---: | ---: | ---: |",
    delayRow("SQLite, one instance", sqlite?.live),
    delayRow("Firestore, both on instance A", reads.live),
    delayRow("Firestore, instance A → instance B", fs?.cross),
    "",
    ...catalogLines(fs?.catalog),
    "",
    "### Listeners held by one process",
    "",
    ...listenersLines(fs?.listeners),
    "",
  ].join("\n");
}

/** The catalogue listener's snapshots per change, on each instance ("1" when all agree). */
const snapshotsPerChange = (catalog) => [...new Set(catalog.map((c) => readFigure(c.catalogueSnapshots / c.changes)))].join(" / ");

function catalogLines(catalog) {
  if (failed(catalog)) return [`Catalogue changes: ${why(catalog)}.`];
  return [
    `Catalogue changes: ${catalog[0].changes} price changes written straight to the emulator (its REST API, with the`,
    "catalogue version's bump in the same commit, as the store on a third instance does), each timed until the `catalog` event reached a raw live",
    "stream on each instance (the events route debounces catalogue events by 150 ms, included). After each event",
    "each instance served home once, as a tab refreshing on the event does; *reads per change* is what that",
    `instance read for it: its listener's snapshot of \`meta/catalog\` (${snapshotsPerChange(catalog)} per change), and home's refresh, which reads what`,
    "home shows, the product whose price changed among them: its 40 newest and their stock (queries of 30 ids); its version mark reads nothing (the instance's feed has it).",
    "",
    "| instance | changes | median ms | p95 ms | max ms | Firestore reads per change | from |",
    "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ...catalog.map((c, i) => `${delayRow(i === 0 ? "A" : "B", c)} ${readFigure(c.readsPerChange)} | ${bySource(c.sources, c.changes)} |`),
  ];
}

/** The report with section 6 replaced (or added at the end), the rest untouched. */
export const spliceBackendsSection = (report, section) => spliceSection(report, HEADING, section);
