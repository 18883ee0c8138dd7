import type { FirestoreWireCounts } from "./firestore-wire.mjs";
import type { SqliteRowCounts } from "./sqlite-rows.mjs";

export function countingEnv(port: number, env?: NodeJS.ProcessEnv): { NODE_OPTIONS: string; STORE_COUNTS_PORT: string };

export type StoreCounts =
  | { backend: "firestore"; pid: number; documents: number; writes: number; firestore: FirestoreWireCounts; sqlite?: undefined }
  | { backend: "sqlite"; pid: number; documents: number; writes: number; sqlite: SqliteRowCounts; firestore?: undefined };

export function readCounts(countsURL: string): Promise<StoreCounts>;

export function readMemoryAfterCollection(countsURL: string): Promise<{ pid: number; rss: number; heapUsed: number; external: number }>;
