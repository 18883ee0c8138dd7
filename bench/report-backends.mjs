// Section 6 of docs/BENCHMARKS.md: both backends' reads side by side, and
// two Firestore instances on one emulator (bench/backends.mjs measures).
// Formatting only.
import { CATALOGUE_LISTENER_PATH, isCartListenerPath } from "./lib/counts.mjs";
import { n0, source, spliceSection, sectionTargets } from "./report-format.mjs";

const HEADING = "## 6. Firestore backend, and two instances on one database";
// Read counts: whole where they are whole (per-call averages need the decimal).
const n1 = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
const count = (x, one, many) => `${n1(x)} ${x === 1 ? one : many}`;
const failed = (value) => !value || value.failed;
const why = (value) => (value?.failed ? `not measured (${value.failed})` : "not measured");

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
    () => n1((reads.home.documents / reads.home.views) * 1000),
    () => reads.home.documents === 0,
  );
  add(
    "Firestore reads per search, same query after warm-up: 0",
    reads.search,
    () => n1(reads.search.sameQuery.perCall),
    () => reads.search.sameQuery.documents === 0,
  );
  // Issue 27 replaced the per-process index (which made this 0 and read the
  // whole catalogue per instance and change) by the store's own search keys:
  // a new search reads what its keys find, and their stock, never more.
  add(
    "Firestore reads per new search, catalogue warm: only the search's key queries and their results' stock",
    reads.search,
    () => `${n1(reads.search.newQueries.perCall)} (${Object.keys(reads.search.newQueries.sources ?? {}).join(", ")})`,
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

/** "get 2, query 0, listener 1": Firestore's reads by kind, per call. */
function breakdown(kinds, calls = 1) {
  if (!kinds) return "";
  const parts = [
    ["get", kinds.get.documents],
    ["query", kinds.query.documents + kinds.aggregation.documents + kinds.listDocuments.documents],
    ["listener", kinds.snapshots.documents],
  ];
  return parts.map(([k, v]) => `${k} ${n1(v / calls)}`).join(", ");
}

/** "items 13, products 1": reads or writes by source, per call ("none" when there are none). */
const bySource = (sources, calls = 1, name = (s) => s) =>
  Object.entries(sources ?? {})
    .map(([s, n]) => `${name(s)} ${n1(n / calls)}`)
    .join(", ") || "none";

/** One row of the reads table: SQLite's figure, Firestore's, and Firestore's reads and writes per call. */
function readsRow(label, sqlite, firestore, pick) {
  const cell = (value) => (failed(value) ? "—" : `**${n1(pick(value).figure)}**`);
  let detail = " | | ";
  if (!failed(firestore)) {
    const { calls, part } = pick(firestore);
    detail = ` ${breakdown(part.firestore, calls)} | ${bySource(part.sources, calls)} | ${bySource(part.writeSources, calls)} `;
  }
  return `| ${label} | ${cell(sqlite)} | ${cell(firestore)} |${detail}|`;
}

// Each row of the reads tables: its label, the result's key, and how to take one call's figures from it.
const perCall = (key) => (r) => ({ figure: r[key].perCall, calls: r[key].calls, part: r[key] });
const ROWS = [
  ["1,000 anonymous home views", "home", (r) => ({ figure: (r.documents / r.views) * 1000, calls: r.views / 1000, part: r })],
  ["search, the run's first (cold)", "search", perCall("first")],
  ["search, the same query again (each of 20)", "search", perCall("sameQuery")],
  ["search, a query never asked, catalogue warm (each of 10)", "search", perCall("newQueries")],
  ["add to cart, the visitor's first", "add", perCall("first")],
  ["add to cart, a product not in the cart yet (each of 10)", "add", perCall("newLine")],
  ["add to cart, a product already in the cart (each of 10)", "add", perCall("increment")],
  ["signed-in home view, one line in the cart (each of 50)", "signedIn", (r) => ({ figure: r.perView, calls: r.views, part: r })],
];

function readsTable(sqlite, firestore) {
  return [
    "| per | SQLite (rows read) | Firestore (document reads) | Firestore reads by kind | Firestore reads from | Firestore writes |",
    "| --- | ---: | ---: | --- | --- | --- |",
    ...ROWS.map(([label, key, pick]) => readsRow(label, sqlite?.[key], firestore?.[key], pick)),
  ];
}

/** SQLite's rows per call by statement, for the rows that read or wrote any. */
function sqliteStatements(sqlite) {
  const lines = ROWS.flatMap(([label, key, pick]) => {
    if (failed(sqlite?.[key])) return [];
    const { calls, part } = pick(sqlite[key]);
    if (part.documents === 0 && !part.writes) return [];
    const written = part.writes ? `; ${count(part.writes / calls, "row", "rows")} written` : "";
    return [`- ${label}: ${bySource(part.sources, calls, source)}${written}.`];
  });
  return lines.length ? ["", "SQLite's rows read per call, by statement (a long column list shown as …):", "", ...lines] : [];
}

/** What the Firestore column says, in words, from this run's figures. */
function readsNotes(fs) {
  const notes = [];
  const from = (part, calls) => bySource(part.sources, calls);
  if (!failed(fs.search)) {
    notes.push(
      `- Search: the first search read ${n1(fs.search.first.perCall)} documents (from: ${from(fs.search.first, 1)}); ` +
        `repeated and new queries then read ${n1(fs.search.sameQuery.perCall)} and ${n1(fs.search.newQueries.perCall)} per search.`,
    );
  }
  if (!failed(fs.add)) {
    const { newLine, increment } = fs.add;
    const per = (x) => n1(x / newLine.calls);
    const kinds = newLine.firestore;
    notes.push(
      `- Add to cart, per add: ${per(kinds.get.documents)} documents read by gets (the add's own reads), ` +
        `${per(kinds.snapshots.documents)} by the cart's listener (the changed line) and ${per(kinds.query.documents)} by ` +
        `${per(kinds.query.requests)} queries (the cart read back whole), so an add costs more as the cart grows: ` +
        `${n1(increment.perCall)} reads per add with ${newLine.calls + 1} lines in the cart. ` +
        `An add writes ${count(newLine.writes / newLine.calls, "document", "documents")} (${bySource(newLine.writeSources, newLine.calls)}).`,
    );
  }
  if (!failed(fs.signedIn)) {
    const { sources, views } = fs.signedIn;
    notes.push(
      `- Signed-in view: ${n1((sources.revokedSessions ?? 0) / views)} session revocation checks (\`revokedSessions\`, one get each, ` +
        `one per request that reads the session) and ${n1((sources.items ?? 0) / views)} cart lines read per view.`,
    );
  }
  return notes.length ? ["", ...notes] : [];
}

function delayRow(label, live) {
  if (failed(live)) return `| ${label} | ${why(live)} | | | |`;
  return `| ${label} | ${live.changes} | ${n1(live.median)} | ${live.p95} | ${live.max} |`;
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
    "### Document reads",
    "",
    "What a count means:",
    "",
    "- **Firestore**: document reads and writes as Firestore bills them, counted on the wire between firebase-admin",
    "  and the database (`bench/counting/firestore-wire.mjs`): a get reads 1 per document asked for, found or missing;",
    "  a query reads max(1, documents returned); a transaction's gets and queries count like any other; a listener",
    "  reads its whole result once when it starts (at least 1) and then each document a change adds or modifies",
    "  (deletes are free), taken from the snapshots the SDK delivers, because the emulator re-sends a listener's",
    "  whole result on every change where Firestore sends only the changes; a commit writes 1 per document it sets,",
    "  updates, creates or deletes. Reads are kept by collection (*from*; a filtered query apart, as `products where`).",
    "  Not counted: a listener's resume after more than 30 minutes offline (billed as a new query).",
    "- **SQLite**: rows read for HTTP requests (`bench/counting/sqlite-rows.mjs`): every statement run in a request's",
    "  async context counts the rows it returned (at least 1), reads inside writes (an add's transaction) included;",
    "  nothing is billed. The catalogue watch's poll of its change counter, once a second while a live stream listens,",
    "  runs outside any request: it is counted apart and is in no figure here.",
    "",
    "Both counters are loaded into each `next start` process with `node --import`; the shop's code knows nothing of",
    "them. Every window is the difference of two snapshots of the counts, which the counter serves on a port of its",
    "own, so reading them touches no database. Searches are `GET /search?q=…` rendered per request; adds are",
    "clicks on Add to Cart in a real chromium tab whose own live stream is open, each followed by 0.5 s for the",
    "change feed's reads; signed-in views replay what an anonymous chromium view of home requested, with the cookies",
    "of a shopper signed in through next-auth (the Auth emulator) whose cart holds one line, one view at a time.",
    "",
    ...readsTable(sqlite, reads),
    ...readsNotes(reads),
    ...sqliteStatements(sqlite),
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

function treeLine(tree) {
  if (!tree) return [];
  const dirty = tree.uncommittedSourceFiles;
  const files = dirty === 1 ? "1 source file" : `${dirty} source files`;
  return [`Source: commit ${tree.commit}${dirty ? `, with ${files} changed but not committed (the build includes them)` : ""}.`];
}

/** The catalogue listener's snapshots per change, on each instance ("1" when all agree). */
const snapshotsPerChange = (catalog) => [...new Set(catalog.map((c) => n1(c.catalogueSnapshots / c.changes)))].join(" / ");

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
    ...catalog.map((c, i) => `${delayRow(i === 0 ? "A" : "B", c)} ${n1(c.readsPerChange)} | ${bySource(c.sources, c.changes)} |`),
  ];
}

/** The report with section 6 replaced (or added at the end), the rest untouched. */
export const spliceBackendsSection = (report, section) => spliceSection(report, HEADING, section);
