/**
 * The Firestore catalogue feed: one snapshot listener per process on
 * meta/catalog, the version every catalogue write raises in its own commit.
 * One read when it starts and one per change, whatever the catalogue's size.
 * It opens with the first subscriber and stays for the life of the process
 * (an idle listener costs nothing).
 */
import type { DocumentReference, DocumentSnapshot } from "firebase-admin/firestore";
import { Fanout } from "../feed";
import type { Unsubscribe } from "../types";
import { resilientListener, type ResilientListenerOptions } from "./resilient-listener";

export interface FirestoreCatalogWatch {
  subscribe(onChange: () => void): Unsubscribe;
  close(): void;
}

export function watchFirestoreCatalog(versionRef: DocumentReference, options?: ResilientListenerOptions): FirestoreCatalogWatch {
  const feed = new Fanout<"catalog", void>();
  let listener: Unsubscribe | null = null;
  const start = () => {
    let initial = true;
    listener = resilientListener<DocumentSnapshot>(
      "catalogue listener",
      (next, fail) => versionRef.onSnapshot(next, fail),
      (_snap, { afterRestart }) => {
        // The very first snapshot is the current state, not a change; the
        // first after a reopen is one, since anything may have changed meanwhile.
        const first = initial;
        initial = false;
        if (!first || afterRestart) feed.emit("catalog", undefined);
      },
      options,
    );
  };
  return {
    subscribe: (onChange) => {
      const unsubscribe = feed.subscribe("catalog", onChange);
      if (!listener) start();
      return unsubscribe;
    },
    close: () => {
      listener?.();
      listener = null;
      feed.clear();
    },
  };
}
