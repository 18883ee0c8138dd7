// Section 11 of docs/BENCHMARKS.md: placing an order on both backends
// (bench/place-order.mjs measures; issue 28, item 7). Formatting only.
import { n1, spliceSection, sectionTargets } from "./report-format.mjs";

const HEADING = "## 11. Placing an order";
/** Issue 28's target for store.placeOrder on the Firestore emulator. */
export const PLACE_ORDER_P95_MS = 300;
/** A load average per core above this marks the figures as measured on a busy machine. */
const BUSY_LOAD_PER_CORE = 1;

const measured = (run) => run && !run.failed && run.firestore?.rows && run.sqlite?.rows;

/** Section 11's targets: p95 at each line count on the emulator. */
export function placeOrderTargets(run) {
  if (!run) return [];
  const lineCounts = [1, 10, 50];
  const name = (lines) =>
    `Placing an order of ${lines} line${lines === 1 ? "" : "s"} on the Firestore emulator: p95 ≤ ${PLACE_ORDER_P95_MS} ms`;
  if (!measured(run))
    return lineCounts.map((lines) => ({ target: name(lines), figure: `not measured${run.failed ? ` (${run.failed})` : ""}`, met: false }));
  return run.firestore.rows.map((row) => ({
    target: name(row.lines),
    figure: `${n1(row.ms.p95)} ms`,
    met: row.ms.p95 <= PLACE_ORDER_P95_MS,
  }));
}

const busy = (loadavg, cores) => Number(String(loadavg).split(",")[0]) / cores > BUSY_LOAD_PER_CORE;

function rows(run) {
  const row = (label, unit, r) =>
    `| ${label} | ${r.lines} | ${r.orders} | ${n1(r.ms.p50)} | ${n1(r.ms.p95)} | ${n1(r.ms.max)} | ${n1(r.reads)} ${unit} | ${n1(r.writes)} ${unit} |`;
  return [
    "| backend | lines | orders | p50 ms | p95 ms | max ms | reads per order | writes per order |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...run.firestore.rows.map((r) => row("Firestore (emulator)", "documents", r)),
    ...run.sqlite.rows.map((r) => row("SQLite", "rows", r)),
    ...(run.firestore.card ? [row("Firestore (emulator), by card: placed to paid", "documents", run.firestore.card)] : []),
    ...(run.sqlite.card ? [row("SQLite, by card: placed to paid", "rows", run.sqlite.card)] : []),
  ];
}

/** The section, or a line saying why it has no figures. */
export function renderPlaceOrderSection(run) {
  if (!run) return "";
  const head = [`\n${HEADING}`, ""];
  if (!measured(run)) return [...head, `Not measured${run.failed ? `: ${run.failed}` : ""}.`, ""].join("\n");
  const { machine } = run;
  const loaded = busy(run.sqlite.loadavg, machine.cores) || busy(run.firestore.loadavg, machine.cores);
  return [
    ...head,
    `Command: \`${run.command}\` (\`bench/place-order.mjs\`, ${Math.round(run.totalSeconds)} s), ${machine.date}, on ${machine.cores} × ${machine.model.split(" ").slice(0, 2).join(" ")},`,
    `${machine.memoryGiB} GiB, Node ${machine.node}; load average ${run.sqlite.loadavg} when SQLite started, ${run.firestore.loadavg} when Firestore started.`,
    `Source: commit ${run.tree.commit}${run.tree.uncommittedSourceFiles ? ` with ${run.tree.uncommittedSourceFiles} source files changed` : ""}.`,
    ...(loaded
      ? [
          "",
          `**Measured on a busy machine**: the load average was above ${BUSY_LOAD_PER_CORE} per core (other work ran beside the bench), so the times are higher than on an idle one; the reads and writes do not depend on it.`,
          "",
        ]
      : []),
    "This section comes from that run alone; the other sections keep the figures of their last runs.",
    "",
    "The store alone, no shop: the demo catalogue and two more products (50 lines need 50 products), every",
    "product's stock tracked, so each sale also takes stock, and every order to Illinois (sales tax) with a",
    "10 % discount code, so each counts a use (the most work a placement does). For each line",
    `count, ${run.orders} guest carts are filled through the store (\`addToLine\`, 1-3 units a line) and placed with`,
    "`store.placeOrder` one after another, after 3 placements not measured. Only `placeOrder` is timed and counted: one",
    "transaction that re-reads the cart, its products, their stock, the shipping zones and the code with its uses",
    "by the order's email, writes the order, takes the stock, counts the code's use, writes the confirmation to",
    "the outbox and empties the cart. Firestore's reads and writes are documents as billed,",
    "counted on the wire between firebase-admin and the emulator (`bench/counting/firestore-wire.mjs`: a get reads",
    "1 per document asked for, a query its documents or 1, a commit writes 1 per document it sets, updates or",
    "deletes); SQLite's are rows read and changed, counted at better-sqlite3 (`bench/counting/sqlite-rows.mjs`).",
    'The rows "by card: placed to paid" time a card order of 1 line from `placeOrder` to paid: its Checkout Session made',
    "at the project's Stripe stand-in (in the bench's process, through the official SDK) and remembered on the order,",
    "paid on the stand-in's page, and Stripe's `checkout.session.completed`, signed and verified as the webhook does,",
    "applied (`applyCardEvent`): the stand-in's own time is in the figure, Stripe's network is not; the reads and",
    "writes are the store's over the whole path.",
    "",
    ...rows(run),
    "",
    ...sectionTargets(placeOrderTargets(run)),
  ].join("\n");
}

/** `report` with section 11 replaced, or added before the search engine choice (the last section), as a full run places it. */
export function splicePlaceOrderSection(report, section) {
  const searchChoice = report.indexOf("\n## Search engine choice");
  if (report.includes(`\n${HEADING}`) || searchChoice < 0) return spliceSection(report, HEADING, section);
  return report.slice(0, searchChoice) + section + report.slice(searchChoice);
}
