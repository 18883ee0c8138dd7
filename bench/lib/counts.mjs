// The shop's read counter (STORE_COUNT_READS=1), read through /api/health,
// and the document reads a piece of work costs, measured around it.
//
// "Documents" means, per backend:
// - firestore: billable document reads on the wire (lib/data/firestore-wire-reads.ts:
//   gets, queries, transactions' reads, listener snapshots);
// - sqlite: rows returned by the Store's read methods (lib/data/counting.ts;
//   reads inside a write are not seen, and SQLite bills nothing).

/** The counter's state now (the health route takes it before its own probe read). */
export async function readCounts(baseURL) {
  const body = await (await fetch(`${baseURL}/api/health`)).json();
  if (!body.reads) throw new Error(`${baseURL}/api/health reports no reads: the shop was not started with STORE_COUNT_READS=1`);
  return body.reads;
}

/** The documents a counts snapshot holds, as defined above. */
export const documentsIn = (counts) => (counts.firestore ? counts.firestore.documentReads : counts.documents);

/** a − b for every number in two same-shaped count trees (strings, such as the backend, are kept). */
export function difference(a, b) {
  if (typeof a === "number") return a - (b ?? 0);
  if (a === null || typeof a !== "object") return a;
  return Object.fromEntries(Object.entries(a).map(([k, v]) => [k, difference(v, b?.[k])]));
}

/**
 * What one health probe reads (each snapshot costs the next one a probe), as
 * a count tree: the smallest of three back-to-back differences, so a
 * background read (the catalogue cache's revalidation) that lands between
 * two is not taken for the probe's.
 */
export async function probeCost(baseURL) {
  let previous = await readCounts(baseURL);
  const costs = [];
  for (let i = 0; i < 3; i += 1) {
    const now = await readCounts(baseURL);
    costs.push(difference(now, previous));
    previous = now;
  }
  return costs.reduce((least, c) => (documentsIn(c) < documentsIn(least) ? c : least));
}

/**
 * Runs `work` and returns what it read, less the one health probe inside the
 * window (`probe`, from probeCost): `documents` as defined above, `counts` the
 * whole count tree, and the work's own result.
 */
export async function readsDuring(baseURL, probe, work) {
  const before = await readCounts(baseURL);
  const result = await work();
  const after = await readCounts(baseURL);
  const counts = difference(difference(after, before), probe);
  return { documents: documentsIn(counts), counts, firestore: counts.firestore?.byKind, result };
}
