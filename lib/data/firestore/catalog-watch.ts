/**
 * The Firestore catalogue feed: one snapshot listener per process on
 * meta/catalog, which every catalogue write rewrites in its own transaction
 * with its version and what it changed (catalog-record.ts). One read when it
 * starts and one per change, whatever the catalogue's size. It opens with the
 * first subscriber and stays for the life of the process (an idle listener
 * costs nothing).
 */
import type { DocumentReference, DocumentSnapshot } from "firebase-admin/firestore";
import { changesSince } from "../rules/catalog-changes";
import { Fanout } from "../feed";
import type { CatalogChanges } from "../contract/catalog";
import type { Unsubscribe } from "../contract/feeds";
import { catalogMetaOf } from "./catalog-record";
import { resilientListener, type ResilientListenerOptions } from "./resilient-listener";

interface FirestoreCatalogWatch {
  subscribe(onChange: (changes: CatalogChanges) => void, onListening?: (version: number) => void): Unsubscribe;
  close(): void;
}

export function watchFirestoreCatalog(versionRef: DocumentReference, options?: ResilientListenerOptions): FirestoreCatalogWatch {
  const feed = new Fanout<"catalog", CatalogChanges>();
  let listener: Unsubscribe | null = null;
  /** The version last announced (or found at the start); null before the first snapshot. */
  let seen: number | null = null;
  /** Subscribers told the version they listen from at the first snapshot. */
  const waiting = new Set<(version: number) => void>();
  const start = () => {
    listener = resilientListener<DocumentSnapshot>(
      "catalogue listener",
      (next, fail) => versionRef.onSnapshot(next, fail),
      (snap, { afterRestart }) => {
        const meta = catalogMetaOf(snap);
        const since = seen;
        seen = meta.version;
        // The very first snapshot is the current state, not a change; after a
        // reopen the gap is whatever the kept changes say, or anything.
        if (since === null) {
          for (const onListening of [...waiting]) onListening(meta.version);
          waiting.clear();
          if (afterRestart) feed.emit("catalog", { version: meta.version, changes: null });
          return;
        }
        if (meta.version === since) return;
        feed.emit("catalog", changesSince(meta.changes, since, meta.version));
      },
      options,
    );
  };
  return {
    subscribe: (onChange, onListening) => {
      const unsubscribe = feed.subscribe("catalog", onChange);
      if (onListening) {
        // Every change after `seen` is announced to this subscriber.
        if (seen === null) waiting.add(onListening);
        else onListening(seen);
      }
      if (!listener) start();
      return () => {
        if (onListening) waiting.delete(onListening);
        unsubscribe();
      };
    },
    close: () => {
      listener?.();
      listener = null;
      seen = null;
      waiting.clear();
      feed.clear();
    },
  };
}
