/**
 * The Firestore cart feed: one snapshot listener per watched cart per
 * process, opened with its first subscriber and closed with its last. Every
 * snapshot carries the whole cart, so the first one after a reopen already
 * brings subscribers up to date.
 */
import type { CollectionReference, DocumentData, QuerySnapshot } from "firebase-admin/firestore";
import { Fanout } from "../feed";
import type { CartItem, CartOwner } from "../contract/cart";
import type { Unsubscribe } from "../contract/feeds";
import { resilientListener, type ResilientListenerOptions } from "./resilient-listener";

interface FirestoreCartWatch {
  subscribe(owner: CartOwner, lines: CollectionReference, onChange: (items: CartItem[]) => void): Unsubscribe;
  close(): void;
}

export function watchFirestoreCarts(
  toItems: (snap: QuerySnapshot<DocumentData>) => CartItem[],
  options?: ResilientListenerOptions,
): FirestoreCartWatch {
  const feed = new Fanout<CartOwner, CartItem[]>();
  const listeners = new Map<CartOwner, Unsubscribe>();
  return {
    subscribe: (owner, lines, onChange) => {
      const unsubscribe = feed.subscribe(owner, onChange);
      if (!listeners.has(owner)) {
        const stop = resilientListener<QuerySnapshot<DocumentData>>(
          "cart listener",
          (next, fail) => lines.onSnapshot(next, fail),
          (snap) => feed.emit(owner, toItems(snap)),
          options,
        );
        listeners.set(owner, stop);
      }
      return () => {
        unsubscribe();
        if (!feed.has(owner)) {
          listeners.get(owner)?.();
          listeners.delete(owner);
        }
      };
    },
    close: () => {
      listeners.forEach((stop) => stop());
      listeners.clear();
      feed.clear();
    },
  };
}
