// How a bench or a test gets a shop's database counts: start the shop with
// countingEnv(port) in its environment, then read them with readCounts.
import { resolve } from "node:path";

// From the repository's root, where the bench and the tests run (no
// import.meta here: Playwright loads this file for tests/e2e as CommonJS).
const PRELOAD = resolve("bench/counting/preload.mjs");

/** The environment that loads the counter into a shop and serves its counts on `port`. */
export function countingEnv(port, env = process.env) {
  const nodeOptions = [env.NODE_OPTIONS, `--import=${PRELOAD}`].filter(Boolean).join(" ");
  return { NODE_OPTIONS: nodeOptions, STORE_COUNTS_PORT: String(port) };
}

/**
 * The shop's counts now, in one shape for both backends: `backend`,
 * `documents` (Firestore: billable document reads; SQLite: rows read for
 * requests), `writes`, the counted process's `pid`, and the backend's own detail under `firestore` or `sqlite`.
 */
export async function readCounts(countsURL) {
  const body = await (await fetch(countsURL)).json();
  const firestore = body.firestore;
  if (firestore && (firestore.documentReads > 0 || firestore.documentWrites > 0 || firestore.listeners.started > 0)) {
    return { backend: "firestore", pid: body.pid, documents: firestore.documentReads, writes: firestore.documentWrites, firestore };
  }
  const sqlite = body.sqlite;
  return { backend: "sqlite", pid: body.pid, documents: sqlite.rowsReadForRequests, writes: sqlite.rowsWritten, sqlite };
}

/**
 * The counted process's memory after a full collection (bench/counting/preload.mjs):
 * `rss`, `heapUsed` and `external` (buffers and other memory outside the heap V8 tracks), in bytes, and
 * `activeResources`: how many handles and requests keep its event loop busy.
 */
export async function readMemoryAfterCollection(countsURL) {
  return (await fetch(new URL("/memory", countsURL))).json();
}

/** Writes the counted process's heap, after a full collection, to `file` (an absolute path); resolves once written. */
export async function writeHeapSnapshotTo(countsURL, file) {
  const url = new URL("/heap-snapshot", countsURL);
  url.searchParams.set("to", file);
  const response = await fetch(url, { signal: AbortSignal.timeout(300_000) });
  const body = await response.json();
  if (!response.ok) throw new Error(`no heap snapshot written to ${file}: ${body.error}`);
  return body;
}
