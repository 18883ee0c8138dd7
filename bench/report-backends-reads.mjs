// Section 6's "Document reads" (report-backends.mjs): what a count means,
// both backends' reads per call side by side, what the Firestore column
// says in words, and SQLite's reads by statement.
import { source } from "./report-format.mjs";
import { breakdown, bySource, count, failed, readFigure } from "./report-backends-format.mjs";

/** One row of the reads table: SQLite's figure, Firestore's, and Firestore's reads and writes per call. */
function readsRow(label, sqlite, firestore, pick) {
  const cell = (value) => (failed(value) ? "—" : `**${readFigure(pick(value).figure)}**`);
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
      `- Search: the first search read ${readFigure(fs.search.first.perCall)} documents (from: ${from(fs.search.first, 1)}); ` +
        `repeated and new queries then read ${readFigure(fs.search.sameQuery.perCall)} and ${readFigure(fs.search.newQueries.perCall)} per search.`,
    );
  }
  if (!failed(fs.add)) {
    const { newLine, increment } = fs.add;
    const per = (x) => readFigure(x / newLine.calls);
    const kinds = newLine.firestore;
    notes.push(
      `- Add to cart, per add: ${per(kinds.get.documents)} documents read by gets (the add's own reads), ` +
        `${per(kinds.snapshots.documents)} by the cart's listener (the changed line) and ${per(kinds.query.documents)} by ` +
        `${per(kinds.query.requests)} queries (the cart read back whole), so an add costs more as the cart grows: ` +
        `${readFigure(increment.perCall)} reads per add with ${newLine.calls + 1} lines in the cart. ` +
        `An add writes ${count(newLine.writes / newLine.calls, "document", "documents")} (${bySource(newLine.writeSources, newLine.calls)}).`,
    );
  }
  if (!failed(fs.signedIn)) {
    const { sources, views } = fs.signedIn;
    notes.push(
      `- Signed-in view: ${readFigure((sources.revokedSessions ?? 0) / views)} session revocation checks, one per request that reads ` +
        `the session, each reading the session's \`revokedSessions\` document and its account's \`accountSessionCutoffs\` document in one ` +
        `getAll (${readFigure((sources.accountSessionCutoffs ?? 0) / views)} of the latter), and ${readFigure((sources.items ?? 0) / views)} ` +
        `cart lines read per view.`,
    );
  }
  return notes.length ? ["", ...notes] : [];
}

/** The "Document reads" subsection's lines. */
export function documentReadsLines(sqlite, reads) {
  return [
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
  ];
}
