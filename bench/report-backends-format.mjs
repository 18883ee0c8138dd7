// How section 6 of docs/BENCHMARKS.md (report-backends.mjs) writes a read
// count, a breakdown of reads, and a figure that was not measured.

/** A read count: whole where it is whole (per-call averages need the decimal). */
export const readFigure = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
/** "3 documents", "1 row". */
export const count = (x, one, many) => `${readFigure(x)} ${x === 1 ? one : many}`;
/** Whether a step's figures are missing (not run, or failed). */
export const failed = (value) => !value || value.failed;
/** What a missing figure's cell says. */
export const why = (value) => (value?.failed ? `not measured (${value.failed})` : "not measured");

/** "get 2, query 0, listener 1": Firestore's reads by kind, per call. */
export function breakdown(kinds, calls = 1) {
  if (!kinds) return "";
  const parts = [
    ["get", kinds.get.documents],
    ["query", kinds.query.documents + kinds.aggregation.documents + kinds.listDocuments.documents],
    ["listener", kinds.snapshots.documents],
  ];
  return parts.map(([k, v]) => `${k} ${readFigure(v / calls)}`).join(", ");
}

/** "items 13, products 1": reads or writes by source, per call ("none" when there are none). */
export const bySource = (sources, calls = 1, name = (s) => s) =>
  Object.entries(sources ?? {})
    .map(([s, n]) => `${name(s)} ${readFigure(n / calls)}`)
    .join(", ") || "none";
