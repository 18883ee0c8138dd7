/**
 * meta/catalog on Firestore: the catalogue's `version` and its newest
 * `changes` (lib/data/rules/catalog-changes.ts), rewritten in the same transaction
 * as every products write this adapter makes. The transaction reads the
 * document first, so two writes at once are serialised by Firestore (one
 * reruns); catalogue writes are an operator's, rare enough for that.
 */
import { log } from "@/lib/log";
import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from "firebase-admin/firestore";
import { keepRecent, parseCatalogChange, type CatalogChangeFacts } from "../rules/catalog-changes";
import type { CatalogChange } from "../contract/catalog";

interface CatalogMeta {
  version: number;
  /** The kept changes, oldest first. */
  changes: CatalogChange[];
}

/** The version and kept changes in a meta/catalog snapshot (0 and none before the first write through this adapter). */
export function catalogMetaOf(snap: DocumentSnapshot): CatalogMeta {
  const version = snap.get("version");
  const changes = snap.get("changes");
  return {
    version: typeof version === "number" && Number.isSafeInteger(version) ? version : 0,
    changes: Array.isArray(changes) ? changes.map(parseCatalogChange).filter((c): c is CatalogChange => c !== null) : [],
  };
}

/**
 * Reads meta/catalog in `tx` (a transaction's reads come before its writes)
 * and returns the write that records one change with the next version.
 */
export async function catalogRecorder(tx: Transaction, metaRef: DocumentReference): Promise<(facts: CatalogChangeFacts) => number> {
  const meta = catalogMetaOf(await tx.get(metaRef));
  return (facts) => {
    const version = meta.version + 1;
    tx.set(metaRef, { version, changes: keepRecent(meta.changes, { ...facts, version }) });
    return version;
  };
}

/**
 * Firestore's answer when a transaction waited on another's locks past its
 * life (two catalogue writes at once both hold meta/catalog; seen on the
 * emulator under load): the write did not land, so running it again is safe.
 */
function isExpiredTransaction(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === INVALID_ARGUMENT && typeof message === "string" && /transaction/i.test(message);
}
const INVALID_ARGUMENT = 3;
const EXPIRED_TRANSACTION_ATTEMPTS = 3;

/** db.runTransaction for a catalogue write, run again (and said so) when it expired waiting on another one. */
export async function runCatalogTransaction<T>(db: Firestore, body: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.runTransaction(body);
    } catch (error) {
      if (!isExpiredTransaction(error) || attempt >= EXPIRED_TRANSACTION_ATTEMPTS) throw error;
      log.info("store.catalog_write_retried", "A catalogue write's transaction expired waiting on another write; running it again", {
        attempt: attempt + 1,
        attempts: EXPIRED_TRANSACTION_ATTEMPTS,
      });
    }
  }
}
