/**
 * The real stores a fuzzer runs against, each with its own proof that a
 * refusal wrote nothing: SQLite always, every table compared byte-for-byte
 * (sqlite-snapshot.ts); the Firestore emulator when FIRESTORE_EMULATOR_HOST
 * is set (npm run test:unit sets it), the documents written counted on the
 * wire by the bench's own counter (bench/counting/firestore-wire.mjs), which
 * sees every commit firebase-admin sends.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countFirestoreWire, firestoreWireCounts } from "../../bench/counting/firestore-wire.mjs";
import { openSqliteStore } from "@/lib/data/sqlite/store";
import type { Store } from "@/lib/data/contract/store";
import { snapshotSqlite } from "./sqlite-snapshot";

export interface FuzzBackend {
  store: Store;
  /** Every row of the store (SQLite), to compare before and after; null where writes are counted instead. */
  fingerprint(): unknown;
  /** Documents written since the last call (Firestore); null where the fingerprint proves it instead. */
  writesSince(): number | null;
  close(): Promise<void>;
}

interface FuzzBackendChoice {
  name: "SQLite" | "Firestore";
  open(): Promise<FuzzBackend>;
}

async function openSqlite(prefix: string): Promise<FuzzBackend> {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const file = join(dir, "storefront.db");
  const store = openSqliteStore(file);
  return {
    store,
    fingerprint: () => snapshotSqlite(file),
    writesSince: () => null,
    close: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openFirestore(prefix: string): Promise<FuzzBackend> {
  countFirestoreWire();
  const [{ initializeApp }, { getFirestore }, { createFirestoreStore }] = await Promise.all([
    import("firebase-admin/app"),
    import("firebase-admin/firestore"),
    import("@/lib/data/firestore/store"),
  ]);
  const app = initializeApp({ projectId: `demo-${prefix}-${Date.now().toString(36)}` }, prefix);
  const store = createFirestoreStore(getFirestore(app));
  let seen = firestoreWireCounts()!.documentWrites;
  return {
    store,
    fingerprint: () => null,
    writesSince: () => {
      const now = firestoreWireCounts()!.documentWrites;
      const written = now - seen;
      seen = now;
      return written;
    },
    close: () => store.close(),
  };
}

/** SQLite, and Firestore when an emulator is configured. */
export function fuzzBackends(prefix: string): FuzzBackendChoice[] {
  const choices: FuzzBackendChoice[] = [{ name: "SQLite", open: () => openSqlite(prefix) }];
  if (process.env.FIRESTORE_EMULATOR_HOST) choices.push({ name: "Firestore", open: () => openFirestore(prefix) });
  return choices;
}
