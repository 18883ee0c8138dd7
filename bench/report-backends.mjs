// Section 6 of docs/BENCHMARKS.md: both backends' reads side by side, and
// two Firestore instances on one emulator (bench/backends.mjs measures).
// Formatting only.
import { mark, n0 } from "./report-format.mjs";

const HEADING = "## 6. Firestore backend, and two instances on one database";
// Read counts: whole where they are whole (per-call averages need the decimal).
const n1 = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
const plural = (x, one, many) => `${n1(x)} ${x === 1 ? one : many}`;
const failed = (value) => !value || value.failed;
const why = (value) => (value?.failed ? `not measured (${value.failed})` : "not measured");

/** Section 6's targets (issue 10, point 6) with the figures that decide them. */
export function backendsTargets(backends) {
  const fs = backends?.firestore;
  const reads = fs?.reads ?? {};
  const list = [];
  const add = (target, value, figure, met) => list.push({ target, figure: failed(value) ? why(value) : figure(), met: !failed(value) && met() });
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
  add(
    "Firestore reads per new search, catalogue warm: 0",
    reads.search,
    () => n1(reads.search.newQueries.perCall),
    () => reads.search.newQueries.documents === 0,
  );
  add(
    "Cross-instance live delay (A to B) p95 < 1 s",
    fs?.cross,
    () => `${fs.cross.p95} ms`,
    () => fs.cross.p95 < 1000,
  );
  add(
    "Listeners one process holds for 100 tabs of 10 visitors: 1 catalogue + 10 carts",
    fs?.listeners,
    () => `${fs.listeners.open.active} (${listenerSummary(fs.listeners.open.byPath)})`,
    () => fs.listeners.open.active === 11 && catalogueListeners(fs.listeners.open.byPath) === 1,
  );
  return list;
}

// What the Firestore adapter's catalogue listener watches: the version document (lib/data/firestore/mapping.ts).
const CATALOGUE_LISTENER_PATH = "meta/catalog";
const catalogueListeners = (byPath) => byPath.filter((p) => p.path === CATALOGUE_LISTENER_PATH).reduce((s, p) => s + p.listeners, 0);
const cartListeners = (byPath) => byPath.filter((p) => p.path.startsWith("carts/")).reduce((s, p) => s + p.listeners, 0);
function listenerSummary(byPath) {
  const other = byPath.filter((p) => p.path !== CATALOGUE_LISTENER_PATH && !p.path.startsWith("carts/"));
  return [
    `${catalogueListeners(byPath)} catalogue`,
    `${cartListeners(byPath)} cart`,
    ...other.map((p) => `${p.listeners} on ${p.path}`),
  ].join(", ");
}

/** "get 2, query 0, listener 1": where Firestore's reads came from. */
function breakdown(kinds) {
  if (!kinds) return "";
  const parts = [
    ["get", kinds.get.documents],
    ["query", kinds.query.documents + kinds.aggregation.documents + kinds.listDocuments.documents],
    ["listener", kinds.snapshots.documents],
  ];
  return parts.map(([k, v]) => `${k} ${n1(v)}`).join(", ");
}

/** One row of the reads table: SQLite's figure, Firestore's, and Firestore's sources (per call). */
function readsRow(label, sqlite, firestore, pick) {
  const cell = (value) => {
    if (failed(value)) return "—";
    const { figure } = pick(value);
    return `**${n1(figure)}**`;
  };
  let sources = "";
  let calls = "";
  if (!failed(firestore)) {
    const picked = pick(firestore);
    if (picked.kinds) sources = breakdown(Object.fromEntries(Object.entries(picked.kinds).map(([k, v]) => [k, scale(v, 1 / picked.calls)])));
    calls = storeCallsPer(picked.storeCalls, picked.calls);
  }
  return `| ${label} | ${cell(sqlite)} | ${cell(firestore)} | ${sources} | ${calls} |`;
}
/** "listCart 2, getProduct 1": the Store's read methods a call made (on Firestore), per call. */
const storeCallsPer = (storeCalls, calls) =>
  Object.entries(storeCalls ?? {})
    .map(([method, n]) => `${method} ${n1(n / calls)}`)
    .join(", ") || "none";
const scale = (counts, f) => Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v * f]));

function readsTable(sqlite, firestore) {
  const perCall = (part) => (r) => ({ figure: r[part].perCall, kinds: r[part].firestore, calls: r[part].calls, storeCalls: r[part].storeCalls });
  const s = (key) => sqlite?.[key];
  const f = (key) => firestore?.[key];
  return [
    "| per | SQLite (rows) | Firestore (document reads) | Firestore reads came from | Store read calls (Firestore) |",
    "| --- | ---: | ---: | --- | --- |",
    readsRow("1,000 anonymous home views", s("home"), f("home"), (r) => ({
      figure: (r.documents / r.views) * 1000,
      kinds: r.firestore,
      calls: r.views / 1000,
      storeCalls: r.storeCalls,
    })),
    readsRow("search, the run's first (cold)", s("search"), f("search"), perCall("first")),
    readsRow("search, the same query again (each of 20)", s("search"), f("search"), perCall("sameQuery")),
    readsRow("search, a query never asked, catalogue warm (each of 10)", s("search"), f("search"), perCall("newQueries")),
    readsRow("add to cart, the visitor's first", s("add"), f("add"), perCall("first")),
    readsRow("add to cart, a product not in the cart yet (each of 10)", s("add"), f("add"), perCall("newLine")),
    readsRow("add to cart, a product already in the cart (each of 10)", s("add"), f("add"), perCall("increment")),
    readsRow("signed-in home view, one line in the cart (each of 50)", s("signedIn"), f("signedIn"), (r) => ({
      figure: r.perView,
      kinds: r.firestore,
      calls: r.views,
      storeCalls: r.storeCalls,
    })),
  ];
}

/** What the Firestore column says, in words, from this run's figures. */
function readsNotes(fs) {
  const notes = [];
  const calls = (part) => part?.storeCalls ?? {};
  if (!failed(fs.search)) {
    notes.push(
      `- Search: the first search read ${n1(fs.search.first.perCall)} documents (${storeCallsPer(calls(fs.search.first), 1)}); ` +
        `repeated and new queries then read ${n1(fs.search.sameQuery.perCall)} and ${n1(fs.search.newQueries.perCall)} per search.`,
    );
  }
  if (!failed(fs.add)) {
    const { newLine, increment } = fs.add;
    const list = (part) => n1((calls(part).listCart ?? 0) / part.calls);
    notes.push(
      `- Add to cart: ${n1(newLine.firestore.get.documents / newLine.calls)} gets per add (the add's own reads), ` +
        `${n1(newLine.firestore.snapshots.documents / newLine.calls)} listener read (the changed line), and the whole cart read back ` +
        `${list(newLine)} times (listCart), so an add costs more as the cart grows: ${n1(increment.perCall)} reads per add with ${newLine.calls + 1} lines in the cart.`,
    );
  }
  if (!failed(fs.signedIn)) {
    const c = calls(fs.signedIn);
    const per = (m) => (c[m] ?? 0) / fs.signedIn.views;
    notes.push(
      `- Signed-in view: ${plural(per("isSessionRevoked"), "session revocation check", "session revocation checks")} ` +
        `(one get each, one per request that reads the session) and ${plural(per("listCart"), "cart read", "cart reads")} per view.`,
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
      (l.firestoreToOpen ? ` (${breakdown(l.firestoreToOpen)}; Store read calls: ${storeCallsPer(l.storeCallsToOpen, 1)})` : "") +
      `, and the listeners made ${l.cartDeliveries} cart deliveries. One listener per tab, as in the spec's original`,
    `design (each browser held its own), would be ${l.tabs} cart and ${l.tabs} catalogue listeners.`,
  ];
}

/** Section 6 as markdown (empty when this run has no such figures). */
export function renderBackendsSection(backends, catalogueSize) {
  if (!backends) return "";
  const { sqlite, firestore: fs, machine } = backends;
  const list = backendsTargets(backends);
  const missed = list.filter((t) => !t.met).length;
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
    "SQLite is the shop as sections 1-5 run it (one process, embedded store, `STORE_COUNT_READS=1`). Firestore is the official Cloud Firestore",
    `emulator (started on a free port, seeded with the ${catalogueSize}-product demo catalogue by \`scripts/seed.ts\`) with`,
    "two instances of one production build on it (`next start`, `STORE_BACKEND=firestore`), sharing one",
    "`NEXTAUTH_SECRET` and one Auth emulator, as two instances of one deployment would;",
    `both ${fs && !fs.failed ? `answered ${n0(fs.readyAfter)} s after the emulator did (${fs.built ? "a build included" : "the build was current"})` : "were started"}.`,
    "Reads are measured on instance A with `STORE_COUNT_READS=1`.",
    "",
    "### Targets",
    "",
    missed === 0 ? "Every target of this section is met." : `${missed} of ${list.length} targets of this section missed.`,
    "",
    "| target | this run | |",
    "| --- | ---: | --- |",
    ...list.map((t) => `| ${t.target} | ${t.figure} | ${mark(t.met)} |`),
    "",
    "### Document reads",
    "",
    "What a count means:",
    "",
    "- **Firestore**: document reads as Firestore bills them, counted on the wire between firebase-admin and the",
    "  database (`lib/data/firestore-wire-reads.ts`, installed by `STORE_COUNT_READS=1`): a get reads 1 per document",
    "  asked for, found or missing; a query reads max(1, documents returned); a transaction's gets and queries count",
    "  like any other; a listener reads its whole result once when it starts (at least 1) and then each document a",
    "  change adds or modifies (deletes are free), taken from the snapshots the SDK delivers, because the emulator",
    "  re-sends a listener's whole result on every change where Firestore sends only the changes. Not counted:",
    "  writes, and a listener's resume after more than 30 minutes offline (billed as a new query).",
    "- **SQLite**: rows returned by the Store's read methods (`lib/data/counting.ts`), at least 1 per call; reads",
    "  inside a write (an add's transaction) are not seen, and nothing is billed.",
    "",
    "Every window is taken between two snapshots of the counter on `/api/health`; the health route's own probe",
    `read inside each window is measured (Firestore: ${failed(reads.search) ? "?" : plural(reads.search.probe, "document", "documents")} per probe, SQLite:`,
    `${failed(sqlite?.search) ? "?" : plural(sqlite.search.probe, "row", "rows")}) and taken off. Searches are \`GET /search?q=…\` rendered per request; adds are`,
    "clicks on Add to Cart in a real chromium tab whose own live stream is open, each followed by 0.5 s for the",
    "change feed's reads; signed-in views replay what an anonymous chromium view of home requested, with the cookies",
    "of a shopper signed in through next-auth (the Auth emulator) whose cart holds one line, one view at a time.",
    "",
    ...readsTable(sqlite, reads),
    ...readsNotes(reads),
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

function catalogLines(catalog) {
  if (failed(catalog)) return [`Catalogue changes: ${why(catalog)}.`];
  return [
    `Catalogue changes: ${catalog[0].changes} price changes written straight to the emulator (its REST API, with the`,
    "catalogue version's bump in the same commit, as the store on a third instance does), each timed until the `catalog` event reached a raw live",
    "stream on each instance (the events route debounces catalogue events by 150 ms, included). After each event",
    "each instance served home once, as a tab refreshing on the event does; *reads per change* is what that",
    "instance read for it: its listener's snapshot of `meta/catalog` (1), the new version (1), and home's refresh,",
    "which lists products and so reads the whole catalogue once into the instance's index (a details page would read one product).",
    "",
    "| instance | changes | median ms | p95 ms | max ms | Firestore reads per change |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...catalog.map((c, i) => `${delayRow(i === 0 ? "A" : "B", c)} ${c.readsPerChange === undefined ? "" : n1(c.readsPerChange)} |`),
  ];
}

/** The report with section 6 replaced (or added at the end), the rest untouched. */
export function spliceBackendsSection(report, section) {
  const at = report.indexOf(`\n${HEADING}`);
  const kept = at >= 0 ? report.slice(0, at) : report.replace(/\n+$/, "\n");
  return kept + section;
}
