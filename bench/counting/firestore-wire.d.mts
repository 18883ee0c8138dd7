interface Tally {
  requests: number;
  documents: number;
}

export interface FirestoreWireCounts {
  documentReads: number;
  documentWrites: number;
  byKind: {
    get: Tally;
    query: Tally;
    aggregation: Tally;
    listDocuments: Tally;
    listen: { streams: number; wireDocuments: number };
    snapshots: { snapshots: number; documents: number };
    commit: Tally;
  };
  /** Billed reads and writes by collection id, and the queries sent to it. */
  byCollection: Record<string, { reads: number; writes: number; queries: number }>;
  listeners: { active: number; started: number; byPath: Record<string, number>; snapshotsByPath: Record<string, number> };
}

export function countFirestoreWire(root?: string): FirestoreWireCounts;
export function firestoreWireCounts(): FirestoreWireCounts | null;
