// Types of firestore-emulator.mjs for the TypeScript benches (bench/dashboard-reads.mts).

export declare function startFirestoreEmulator(options?: {
  port?: number;
  log?: boolean;
  timeoutMs?: number;
  shortLived?: boolean;
}): Promise<{ host: string; port: number; stop: () => Promise<void> }>;
