// Firestore document reads and writes as Firestore bills them, counted on the
// wire between firebase-admin and the server. Loaded from outside the shop
// (preload.mjs, or a test that imports it): the shop carries no counter.
//
// Every read firebase-admin makes goes through Firestore.requestStream
// (batchGetDocuments, runQuery, runAggregationQuery, listen) or
// Firestore.request (listDocuments), every write through Firestore.request
// (commit, batchWrite), and every listener through onSnapshot. Patching those
// methods of the one firebase-admin install (Next loads it from node_modules,
// never bundled) sees every call of the process.
//
// Billing rules applied (cloud.google.com/firestore/pricing):
// - a get reads 1 per document asked for, found or missing;
// - a query reads max(1, documents returned) plus every document its offset
//   skipped: the request's offset when it returned a document; past the end,
//   what the server says it skipped, at most the offset (Firestore's
//   skippedResults; the emulator's is not that: 0 over 3 documents, 264 for
//   an offset of 24 over 50,000, so a page past the end is undercounted on it);
// - an aggregation reads 1 per 1,000 index entries it matched (at least 1):
//   a count's result is the number of entries it matched;
// - a listener reads every matching document once when it starts (at least
//   1), then 1 per document a change added or modified; a deleted document is
//   free. Counted from the snapshots the SDK delivers, not from the listen
//   stream: the emulator re-sends a listener's whole result on every change,
//   Firestore only the changes;
// - a commit writes 1 per document it sets, updates, creates or deletes
//   (a field transform on a written document is part of that write);
// - transactions' reads and commits are gets, queries and commits like any other.
// Not counted: a listener's resume after a network drop of more than 30
// minutes, which Firestore bills as a fresh query.
import { createRequire } from "node:module";
import { join } from "node:path";

const GLOBAL_KEY = Symbol.for("storefront.bench.firestoreWire");

const emptyCounts = () => ({
  documentReads: 0,
  documentWrites: 0,
  byKind: {
    get: { requests: 0, documents: 0 },
    query: { requests: 0, documents: 0 },
    aggregation: { requests: 0, documents: 0 },
    listDocuments: { requests: 0, documents: 0 },
    // Listen streams opened and the documents the server sent on them (not what is billed).
    listen: { streams: 0, wireDocuments: 0 },
    // What Firestore bills listeners: each one's first snapshot, whole (at least 1), then changes.
    snapshots: { snapshots: 0, documents: 0 },
    commit: { requests: 0, documents: 0 },
  },
  // Reads and writes by collection id ("products", "meta", "items"…); a
  // query with a filter is its own row ("products where"), so a whole-collection
  // read shows apart from a sized one.
  byCollection: {},
  // Snapshot listeners open now, and the snapshots each delivered, by path.
  listeners: { active: 0, started: 0, byPath: {}, snapshotsByPath: {} },
});

/** The counts so far (a copy), or null when this process does not count. */
export function firestoreWireCounts() {
  const counts = globalThis[GLOBAL_KEY];
  return counts ? structuredClone(counts) : null;
}

/** The collection id of a full document name ("projects/p/databases/d/documents/meta/catalog" → "meta"). */
const collectionOf = (name) => {
  const segments = String(name).split("/documents/")[1]?.split("/") ?? [];
  return segments.length >= 2 ? segments[segments.length - 2] : "(unknown)";
};

/** Patches firebase-admin once per process (resolved from `root`) and returns the live counts. */
export function countFirestoreWire(root = process.cwd()) {
  if (globalThis[GLOBAL_KEY]) return globalThis[GLOBAL_KEY];
  const counts = emptyCounts();
  globalThis[GLOBAL_KEY] = counts;
  const { Firestore, Query, DocumentReference } = createRequire(join(root, "package.json"))("firebase-admin/firestore");
  const tally = tallies(counts);
  countStreamedReads(Firestore.prototype, tally);
  countRequests(Firestore.prototype, tally);
  for (const prototype of [Query.prototype, DocumentReference.prototype]) countSnapshots(prototype, tally);
  return counts;
}

/** How a call adds to `counts`: `tally` a collection's row, `read` billed reads of a kind. */
function tallies(counts) {
  const tally = (collection, field, n) => {
    const row = (counts.byCollection[collection] ??= { reads: 0, writes: 0, queries: 0 });
    row[field] += n;
  };
  const read = (kind, collection, documents) => {
    counts.byKind[kind].documents += documents;
    counts.documentReads += documents;
    tally(collection, "reads", documents);
  };
  return { counts, tally, read };
}

/** Gets, queries, aggregations and listen streams: Firestore.requestStream. */
function countStreamedReads(internals, { counts, tally, read }) {
  const requestStream = internals.requestStream;
  internals.requestStream = async function (method, bidirectional, request, ...rest) {
    const stream = await requestStream.call(this, method, bidirectional, request, ...rest);
    observe(method, request, stream);
    return stream;
  };
  // A second 'data' listener only observes: the stream comes back paused and
  // its owner decides when it flows.
  const observe = (method, request, stream) => {
    if (method === "batchGetDocuments") {
      counts.byKind.get.requests += 1;
      stream.on("data", (r) => {
        const name = r.found?.name ?? r.missing;
        if (name) read("get", collectionOf(name), 1);
      });
    } else if (method === "runQuery") {
      counts.byKind.query.requests += 1;
      const query = request?.structuredQuery;
      const collection = `${query?.from?.[0]?.collectionId ?? "(unknown)"}${query?.where ? " where" : ""}`;
      tally(collection, "queries", 1);
      let returned = 0;
      let skipped = 0;
      stream.on("data", (r) => {
        skipped += Number(r.skippedResults ?? 0);
        if (!r.document) return;
        returned += 1;
        read("query", collection, 1);
      });
      stream.on("end", () => {
        const offset = Number(query?.offset ?? 0);
        const billedSkips = returned > 0 ? offset : Math.min(offset, skipped);
        if (billedSkips > 0) read("query", collection, billedSkips);
        // An empty result is still one read.
        if (returned === 0) read("query", collection, 1);
      });
    } else if (method === "runAggregationQuery") {
      counts.byKind.aggregation.requests += 1;
      const collection = request?.structuredAggregationQuery?.structuredQuery?.from?.[0]?.collectionId ?? "(unknown)";
      stream.on("data", (r) => {
        if (!r.result) return;
        const matched = Math.max(0, ...Object.values(r.result.aggregateFields ?? {}).map((field) => Number(field?.integerValue ?? 0)));
        read("aggregation", collection, Math.max(1, Math.ceil(matched / 1000)));
      });
    } else if (method === "listen") {
      counts.byKind.listen.streams += 1;
      stream.on("data", (r) => {
        if (r.documentChange || r.documentRemove) counts.byKind.listen.wireDocuments += 1;
      });
    }
  };
}

/** listDocuments, and every write (commit, batchWrite): Firestore.request. */
function countRequests(internals, { counts, tally, read }) {
  const request = internals.request;
  internals.request = async function (method, body, ...rest) {
    const result = await request.call(this, method, body, ...rest);
    if (method === "listDocuments") {
      counts.byKind.listDocuments.requests += 1;
      read("listDocuments", body?.collectionId ?? "(unknown)", Math.max(1, result?.documents?.length ?? 0));
    } else if (method === "commit" || method === "batchWrite") {
      counts.byKind.commit.requests += 1;
      for (const write of body?.writes ?? []) {
        counts.byKind.commit.documents += 1;
        counts.documentWrites += 1;
        tally(collectionOf(write.update?.name ?? write.delete ?? write.transform?.document), "writes", 1);
      }
    }
    return result;
  };
}

/** Snapshot listeners (a query's or a document's onSnapshot): those open, and what their snapshots bill. */
function countSnapshots(prototype, { counts, read }) {
  const onSnapshot = prototype.onSnapshot;
  prototype.onSnapshot = function (onNext, onError) {
    const path = listenerPath(this);
    const { listeners } = counts;
    let open = true;
    const close = () => {
      if (!open) return;
      open = false;
      listeners.active -= 1;
      listeners.byPath[path] -= 1;
      if (listeners.byPath[path] === 0) delete listeners.byPath[path];
    };
    listeners.started += 1;
    listeners.active += 1;
    listeners.byPath[path] = (listeners.byPath[path] ?? 0) + 1;
    let first = true;
    const counted = (snap) => {
      counts.byKind.snapshots.snapshots += 1;
      listeners.snapshotsByPath[path] = (listeners.snapshotsByPath[path] ?? 0) + 1;
      read("snapshots", collectionOfPath(path), snapshotReads(snap, first));
      first = false;
      onNext(snap);
    };
    // A listener that fails is over: the SDK stops it and calls onError.
    const unsubscribe = onSnapshot.call(this, counted, (error) => {
      close();
      onError?.(error);
    });
    return () => {
      close();
      unsubscribe();
    };
  };
}

/**
 * A query snapshot's billed reads: all its documents the first time (at
 * least 1), then those added or modified. A removal is a delete, which
 * Firestore does not bill. A document listener's snapshot is one read.
 */
function snapshotReads(snap, first) {
  if (typeof snap.docChanges !== "function") return 1;
  if (first) return Math.max(1, snap.size ?? 0);
  return snap.docChanges().filter((c) => c.type !== "removed").length;
}

/** A listener's collection id: a collection path's last segment, a document path's second to last. */
function collectionOfPath(path) {
  const segments = path.split("/");
  return segments.length % 2 === 1 ? segments.at(-1) : segments.at(-2);
}

/** "carts/guest:…/items" or "meta/catalog": what a listener watches. */
function listenerPath(target) {
  try {
    if (typeof target.path === "string") return target.path;
  } catch {
    // A query that is not a collection has no path of its own.
  }
  return "(query)";
}
