// Counts a shop's database work from outside it: loaded into the shop's
// process with `node --import` (countingEnv in client.mjs sets NODE_OPTIONS),
// it patches firebase-admin and better-sqlite3 before the shop loads them,
// and serves the counts as JSON on 127.0.0.1:STORE_COUNTS_PORT. The shop's
// code, env checks and routes know nothing of it; production never loads it.
// GET /memory answers the process's memory after a full collection instead;
// GET /heap-snapshot?to=FILE writes a heap snapshot there after one.
import { createServer } from "node:http";
import { setFlagsFromString, writeHeapSnapshot } from "node:v8";
import { runInNewContext } from "node:vm";
import { countFirestoreWire, firestoreWireCounts } from "./firestore-wire.mjs";
import { countSqliteRows, sqliteRowCounts } from "./sqlite-rows.mjs";

// NODE_OPTIONS reaches every Node process the launcher starts (the local
// launcher, the Auth emulator, `next build`): only the server counts.
const isShopServer = /[\\/]next[\\/]dist[\\/]bin[\\/]next$/.test(process.argv[1] ?? "") && process.argv[2] === "start";
if (isShopServer) serveCounts(Number(process.env.STORE_COUNTS_PORT));

function serveCounts(port) {
  if (!Number.isInteger(port) || port <= 0) throw new Error("bench/counting/preload.mjs needs STORE_COUNTS_PORT");
  countFirestoreWire();
  countSqliteRows();

  const server = createServer((request, response) => {
    response.setHeader("Content-Type", "application/json");
    // One connection per read: a kept-alive socket the server closes as the client reuses it
    // ("other side closed") failed a read of the counts on a loaded machine.
    response.setHeader("Connection", "close");
    const { pathname, searchParams } = new URL(request.url ?? "/", "http://counts");
    try {
      if (pathname === "/memory") response.end(JSON.stringify({ pid: process.pid, ...memoryAfterCollection() }));
      else if (pathname === "/heap-snapshot")
        response.end(JSON.stringify({ pid: process.pid, file: heapSnapshotTo(searchParams.get("to")) }));
      else response.end(JSON.stringify({ pid: process.pid, firestore: firestoreWireCounts(), sqlite: sqliteRowCounts() }));
    } catch (error) {
      response.statusCode = 500;
      response.end(JSON.stringify({ error: error.message }));
    }
  });
  // Never keeps the shop alive, and a second process that inherits
  // NODE_OPTIONS (a worker Next starts) says so instead of failing.
  server.unref();
  server.on("error", (error) => console.error(`store counts: not served from process ${process.pid}: ${error.message}`));
  server.listen(port, "127.0.0.1");
}

/**
 * The process's memory once V8 has collected all it can: what it keeps, not
 * the garbage it has yet to collect. Two full collections, so that objects a
 * first one finalizes (weak references, finalizers) are gone too. With it,
 * how many handles and requests keep the event loop busy (timers, sockets,
 * file reads: Node's getActiveResourcesInfo), which open files alone miss.
 */
function memoryAfterCollection() {
  collectAll();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, heapUsed, external, activeResources: process.getActiveResourcesInfo().length };
}

function collectAll() {
  setFlagsFromString("--expose-gc");
  const collect = runInNewContext("gc");
  collect();
  collect();
}

/** What the process keeps, written as a heap snapshot to `file` (bench/heap-diff.mjs compares two). */
function heapSnapshotTo(file) {
  if (!file) throw new Error("/heap-snapshot needs ?to=FILE");
  collectAll();
  return writeHeapSnapshot(file);
}
