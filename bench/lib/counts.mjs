// A shop's database counts (bench/counting/, loaded into the shop from
// outside by startShop({ countReads: true })), and the reads a piece of work
// costs, measured around it. Reading the counts touches no database.
//
// "Documents" means, per backend:
// - firestore: billable document reads on the wire (gets, queries,
//   transactions' reads, listener snapshots: bench/counting/firestore-wire.mjs);
// - sqlite: rows read for HTTP requests (every statement, reads inside
//   writes included; background reads such as the catalogue watch's poll of
//   its change counter are counted apart: bench/counting/sqlite-rows.mjs).
import { readMemoryAfterCollection, readCounts as readCountsAt, writeHeapSnapshotTo } from "../counting/client.mjs";

const countsURLs = new Map();

/** Remembers where the shop at `baseURL` serves its counts (startShop does it). */
export function registerCounts(baseURL, countsURL) {
  countsURLs.set(baseURL, countsURL);
}

function countsURLOf(baseURL) {
  const countsURL = countsURLs.get(baseURL);
  if (!countsURL) throw new Error(`${baseURL} serves no counts: start it with startShop({ countReads: true })`);
  return countsURL;
}

/** The shop's counts now. */
export async function readCounts(baseURL) {
  return readCountsAt(countsURLOf(baseURL));
}

/** The shop's server process's memory after a full collection: `rss`, `heapUsed`, `external` in bytes; its `activeResources`. */
export async function readShopMemoryAfterCollection(baseURL) {
  return readMemoryAfterCollection(countsURLOf(baseURL));
}

/** Writes the shop's server process's heap, after a full collection, to `file`. */
export async function writeShopHeapSnapshot(baseURL, file) {
  return writeHeapSnapshotTo(countsURLOf(baseURL), file);
}

/** The documents a counts snapshot holds, as defined above. */
const documentsIn = (counts) => counts.documents;

/** a − b for every number in two same-shaped count trees (strings, such as the backend, are kept). */
export function difference(a, b) {
  if (typeof a === "number") return a - (b ?? 0);
  if (a === null || typeof a !== "object") return a;
  return Object.fromEntries(Object.entries(a).map(([k, v]) => [k, difference(v, b?.[k])]));
}

/**
 * Runs `work` and returns what it read: `documents` as defined above,
 * `counts` the whole count tree, and the work's own result.
 */
export async function readsDuring(baseURL, work) {
  const before = await readCounts(baseURL);
  const result = await work();
  const after = await readCounts(baseURL);
  const counts = difference(after, before);
  return { documents: documentsIn(counts), counts, firestore: counts.firestore?.byKind, result };
}

/**
 * Where a count tree's reads came from, largest first: Firestore's
 * collections (a filtered query apart, e.g. "products where"), or SQLite's
 * statements, by their rows read for requests.
 */
function readSources(counts) {
  const rows = counts.firestore
    ? Object.entries(counts.firestore.byCollection).map(([collection, c]) => [collection, c.reads])
    : Object.entries(counts.sqlite?.statements ?? {}).map(([sql, s]) => [sql, s.forRequests]);
  return largestFirst(rows);
}

/** Firestore's writes by collection, largest first (SQLite: none). */
const writeSources = (counts) =>
  largestFirst(Object.entries(counts.firestore?.byCollection ?? {}).map(([collection, c]) => [collection, c.writes]));

const largestFirst = (rows) => Object.fromEntries(rows.filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]));

// What the Firestore adapter's listeners watch: the catalogue's version
// document, and one owner's cart lines (carts/{owner}/items).
export const CATALOGUE_LISTENER_PATH = "meta/catalog";
export const isCartListenerPath = (path) => path.startsWith("carts/");

/** Firestore listener snapshots in a count tree: the catalogue's notices and the carts' (SQLite: none). */
function listenerSnapshots(counts) {
  const byPath = Object.entries(counts.firestore?.listeners.snapshotsByPath ?? {});
  const sum = (keep) => byPath.filter(([path]) => keep(path)).reduce((s, [, n]) => s + n, 0);
  return { catalogue: sum((p) => p === CATALOGUE_LISTENER_PATH), carts: sum(isCartListenerPath) };
}

/**
 * A count tree's figures as the reports show them: `documents` and `writes`
 * (above), their sources, Firestore's reads by kind and listener snapshots,
 * and SQLite's rows read outside any request (the catalogue watch's poll),
 * which `documents` leaves out.
 */
export const figuresOf = (counts) => ({
  documents: counts.documents,
  writes: counts.writes,
  sources: readSources(counts),
  writeSources: writeSources(counts),
  firestore: counts.firestore?.byKind,
  snapshots: listenerSnapshots(counts),
  backgroundRows: counts.sqlite ? counts.sqlite.rowsRead - counts.sqlite.rowsReadForRequests : 0,
});
