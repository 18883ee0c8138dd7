/**
 * Firestore document reads as Firestore bills them, counted on the wire
 * between firebase-admin and the server (benchmark only: installed by
 * lib/data/counting.ts when STORE_COUNT_READS=1 and the store is Firestore).
 *
 * Why on the wire: the Store-level counter sees what a method returned, not
 * what the adapter read to compute it (a transaction's gets, a query trimmed
 * in memory, a listener's snapshots). Every read firebase-admin makes goes
 * through Firestore.requestStream (batchGetDocuments, runQuery,
 * runAggregationQuery, listen) or Firestore.request (listDocuments), and
 * every listener through onSnapshot, so patching those methods of the one
 * firebase-admin install (Next loads it from node_modules, never bundled)
 * sees every read of the process.
 *
 * Billing rules applied (cloud.google.com/firestore/pricing):
 * - a get reads 1 per document asked for, found or missing;
 * - a query reads max(1, documents returned); an aggregation counts 1
 *   (1 per 1,000 index entries: our collections are smaller);
 * - a listener reads every matching document once when it starts (at least
 *   1), then 1 per document a change added or modified; a deleted document
 *   is free. Counted from the snapshots the SDK delivers (onSnapshot is
 *   patched too), not from the listen stream: the emulator re-sends a
 *   listener's whole result on every change, Firestore only the changes;
 * - transactions' reads are gets and queries like any other.
 * Not counted: writes (commit), and a listener's resume after a network
 * drop of more than 30 minutes, which Firestore bills as a fresh query.
 */
import "server-only";
import { DocumentReference, Firestore, Query } from "firebase-admin/firestore";

export interface FirestoreWireCounts {
  /** Billable document reads, all kinds together. */
  documentReads: number;
  byKind: {
    get: { requests: number; documents: number };
    query: { requests: number; documents: number };
    aggregation: { requests: number; documents: number };
    listDocuments: { requests: number; documents: number };
    /** Listen streams opened and the documents the server sent on them (not what is billed: see below). */
    listen: { streams: number; wireDocuments: number };
    /** What Firestore bills listeners: each one's first snapshot, whole (at least 1), then the documents each change added or modified. */
    snapshots: { snapshots: number; documents: number };
  };
  /** Snapshot listeners (onSnapshot) open now, by collection or document path. */
  listeners: { active: number; started: number; byPath: Record<string, number> };
}

const GLOBAL_KEY = Symbol.for("storefront.firestoreWireCounts");
type GlobalWithWire = typeof globalThis & { [GLOBAL_KEY]?: FirestoreWireCounts };

/** The wire counts so far, or null when they are not being counted. */
export function firestoreWireCounts(): FirestoreWireCounts | null {
  const counts = (globalThis as GlobalWithWire)[GLOBAL_KEY];
  return counts ? structuredClone(counts) : null;
}

type StreamMethod = (this: Firestore, method: string, ...rest: unknown[]) => Promise<NodeJS.ReadableStream>;
type RequestMethod = (this: Firestore, method: string, ...rest: unknown[]) => Promise<unknown>;
type Internals = { requestStream: StreamMethod; request: RequestMethod };
type Watchable = { onSnapshot: (onNext: (snap: unknown) => void, onError?: (error: Error) => void) => () => void };

/** Patches firebase-admin once per process and returns the live counts. */
export function countFirestoreWireReads(): FirestoreWireCounts {
  const g = globalThis as GlobalWithWire;
  if (g[GLOBAL_KEY]) return g[GLOBAL_KEY];
  const counts: FirestoreWireCounts = {
    documentReads: 0,
    byKind: {
      get: { requests: 0, documents: 0 },
      query: { requests: 0, documents: 0 },
      aggregation: { requests: 0, documents: 0 },
      listDocuments: { requests: 0, documents: 0 },
      listen: { streams: 0, wireDocuments: 0 },
      snapshots: { snapshots: 0, documents: 0 },
    },
    listeners: { active: 0, started: 0, byPath: {} },
  };
  g[GLOBAL_KEY] = counts;
  const add = (kind: Exclude<keyof FirestoreWireCounts["byKind"], "listen">, documents: number) => {
    counts.byKind[kind].documents += documents;
    counts.documentReads += documents;
  };

  const internals = Firestore.prototype as unknown as Internals;
  const requestStream = internals.requestStream;
  internals.requestStream = async function (method, ...rest) {
    const stream = await requestStream.call(this, method, ...rest);
    observe(method, stream);
    return stream;
  };
  // A second 'data' listener only observes: the stream comes back paused and
  // its owner decides when it flows (pipe, 'data' or async iteration).
  const observe = (method: string, stream: NodeJS.ReadableStream) => {
    if (method === "batchGetDocuments") {
      counts.byKind.get.requests += 1;
      stream.on("data", (r: { found?: unknown; missing?: unknown }) => (r.found || r.missing ? add("get", 1) : undefined));
    } else if (method === "runQuery") {
      counts.byKind.query.requests += 1;
      let returned = 0;
      stream.on("data", (r: { document?: unknown }) => {
        if (r.document) {
          returned += 1;
          add("query", 1);
        }
      });
      // An empty result is still one read.
      stream.on("end", () => (returned === 0 ? add("query", 1) : undefined));
    } else if (method === "runAggregationQuery") {
      counts.byKind.aggregation.requests += 1;
      add("aggregation", 1);
    } else if (method === "listen") {
      // Not billed from here: the emulator answers every change with a RESET
      // and sends the whole result again, where Firestore sends the changed
      // documents only. Kept to show that difference; listener reads are
      // counted from the snapshots (see onSnapshot below).
      counts.byKind.listen.streams += 1;
      stream.on("data", (r: { documentChange?: unknown; documentRemove?: unknown }) => {
        if (r.documentChange || r.documentRemove) counts.byKind.listen.wireDocuments += 1;
      });
    }
  };

  const request = internals.request;
  internals.request = async function (method, ...rest) {
    const result = await request.call(this, method, ...rest);
    if (method === "listDocuments") {
      counts.byKind.listDocuments.requests += 1;
      const documents = (result as { documents?: unknown[] } | undefined)?.documents?.length ?? 0;
      add("listDocuments", Math.max(1, documents));
    }
    return result;
  };

  for (const prototype of [Query.prototype, DocumentReference.prototype] as unknown as Watchable[]) {
    const onSnapshot = prototype.onSnapshot;
    prototype.onSnapshot = function (this: { path?: string }, onNext, onError) {
      const path = listenerPath(this);
      let open = true;
      const close = () => {
        if (!open) return;
        open = false;
        counts.listeners.active -= 1;
        counts.listeners.byPath[path] -= 1;
        if (counts.listeners.byPath[path] === 0) delete counts.listeners.byPath[path];
      };
      counts.listeners.started += 1;
      counts.listeners.active += 1;
      counts.listeners.byPath[path] = (counts.listeners.byPath[path] ?? 0) + 1;
      let first = true;
      const counted = (snap: unknown) => {
        counts.byKind.snapshots.snapshots += 1;
        add("snapshots", snapshotReads(snap, first));
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
  return counts;
}

type Snapshot = { size?: number; docChanges?: () => { type: string }[] };

/**
 * A query snapshot's billed reads: all its documents the first time (at
 * least 1), then those added or modified. A removal from a whole-collection
 * listener is a delete, which Firestore does not bill. A document
 * listener's snapshot is one read.
 */
function snapshotReads(snap: unknown, first: boolean): number {
  const s = snap as Snapshot;
  if (typeof s.docChanges !== "function") return 1;
  if (first) return Math.max(1, s.size ?? 0);
  return s.docChanges().filter((c) => c.type !== "removed").length;
}

/** "products", "carts/guest:…/items" or a document's path: what a listener watches. */
function listenerPath(target: { path?: string }): string {
  try {
    if (typeof target.path === "string") return target.path;
  } catch {
    // A query that is not a collection has no path of its own.
  }
  return "(query)";
}
