// SQLite rows read and written, counted between the shop and better-sqlite3.
// Loaded from outside the shop (preload.mjs, or a test that imports it): the
// shop carries no counter.
//
// Every statement the shop runs is a better-sqlite3 Statement, so patching
// the prototype's get, all, iterate and run sees them all. A read counts the
// rows it returned, at least 1 (an empty answer still searched); a write
// counts the rows it changed. Each statement is keyed by its SQL.
//
// Reads made for a request (in the async context of an HTTP request the
// process serves) are told apart from background reads, such as the
// catalogue watch's poll of its change counter, once a second whatever the
// traffic: a figure per page view counts the first kind.
import { AsyncLocalStorage } from "node:async_hooks";
import diagnostics from "node:diagnostics_channel";
import { createRequire } from "node:module";
import { join } from "node:path";

const GLOBAL_KEY = Symbol.for("storefront.bench.sqliteRows");

/** The counts so far (a copy), or null when this process does not count. */
export function sqliteRowCounts() {
  const counts = globalThis[GLOBAL_KEY];
  return counts ? structuredClone(counts) : null;
}

/** Patches better-sqlite3 once per process (resolved from `root`) and returns the live counts. */
export function countSqliteRows(root = process.cwd()) {
  if (globalThis[GLOBAL_KEY]) return globalThis[GLOBAL_KEY];
  const counts = { rowsRead: 0, rowsReadForRequests: 0, rowsWritten: 0, statements: {} };
  globalThis[GLOBAL_KEY] = counts;

  const requests = new AsyncLocalStorage();
  diagnostics.subscribe("http.server.request.start", () => requests.enterWith(true));

  const Database = createRequire(join(root, "package.json"))("better-sqlite3");
  const probe = new Database(":memory:");
  const Statement = Object.getPrototypeOf(probe.prepare("SELECT 1"));
  probe.close();

  const row = (source) => (counts.statements[source.replace(/\s+/g, " ").trim()] ??= { calls: 0, rows: 0, forRequests: 0 });
  const countRead = (statement, rows) => {
    const n = Math.max(1, rows);
    const entry = row(statement.source);
    entry.calls += 1;
    entry.rows += n;
    counts.rowsRead += n;
    if (requests.getStore()) {
      entry.forRequests += n;
      counts.rowsReadForRequests += n;
    }
  };

  const { get, all, iterate, run } = Statement;
  Statement.get = function (...args) {
    const result = get.apply(this, args);
    countRead(this, result === undefined ? 0 : 1);
    return result;
  };
  Statement.all = function (...args) {
    const result = all.apply(this, args);
    countRead(this, result.length);
    return result;
  };
  Statement.iterate = function* (...args) {
    let rows = 0;
    try {
      for (const value of iterate.apply(this, args)) {
        rows += 1;
        yield value;
      }
    } finally {
      countRead(this, rows);
    }
  };
  Statement.run = function (...args) {
    const result = run.apply(this, args);
    const entry = row(this.source);
    entry.calls += 1;
    entry.rows += result.changes;
    counts.rowsWritten += result.changes;
    return result;
  };
  return counts;
}
