/**
 * The Firestore stock feed (StockStore.watchStock). A write that changes some
 * product's shown stock (lib/data/rules/stock-notices.ts) creates one document in
 * stockNotices, in its own transaction: {productIds, at: the commit's server
 * time, expiresAt: a day later, for the TTL policy that deletes it}. A sale
 * that changes nothing shown writes none, so there is no document every sale
 * rewrites.
 *
 * Each process holds one snapshot listener on the notices at or after its
 * cursor (the time it began listening, then the newest notice seen) while
 * someone subscribes; every added document is announced once. After an error
 * the listener reopens at the cursor, so the notices written meanwhile arrive
 * with its first snapshot; once it holds more than REANCHOR_AFTER notices
 * and its cursor has moved since it opened, it reopens at the cursor too, so
 * a long-lived listener's result set stays small. firebase-admin has no pending writes: a snapshot holds committed
 * documents only, with their server time set. A notice written through this
 * process is announced as soon as its transaction commits (announceLocalWrite)
 * and not again when the listener brings it.
 *
 * The cursor starts at this process's clock: a notice committed while the
 * clock runs ahead of Firestore's by more than the time between subscribing
 * and that write is missed (servers keep their clocks within milliseconds).
 * The clock counts whole milliseconds and the start is inclusive, so a
 * notice stamped in the millisecond the listening began is told, though it
 * may have been written just before: an extra notice costs a needless
 * refresh, a missed one would leave a page's stock stale.
 */
import { FieldValue, Timestamp, type CollectionReference, type QuerySnapshot, type Transaction } from "firebase-admin/firestore";
import { Fanout } from "../feed";
import type { Unsubscribe } from "../contract/feeds";
import { resilientListener, type ResilientListenerOptions } from "./resilient-listener";

/** How long a notice is kept before the TTL policy on stockNotices.expiresAt deletes it. */
const STOCK_NOTICE_TTL_MS = 24 * 60 * 60 * 1000;

/** A listener holding more notices than this reopens at its cursor. */
const REANCHOR_AFTER = 100;

/** How many announced notices' ids are remembered, so none is announced twice. */
const REMEMBERED = 1_000;

interface FirestoreStockNotices {
  /** Stages a notice naming `productIds` in `tx` (none when empty); returns its id, or null. */
  stage(tx: Transaction, productIds: readonly string[]): string | null;
  /** After the transaction that staged `noticeId` committed: announces it here now, unless already announced. */
  announceLocalWrite(noticeId: string | null, productIds: string[]): void;
  subscribe(onChange: (productIds: string[]) => void): Unsubscribe;
  close(): void;
}

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((id) => typeof id === "string");

const later = (a: Timestamp, b: Timestamp) => a.seconds > b.seconds || (a.seconds === b.seconds && a.nanoseconds > b.nanoseconds);

export function firestoreStockNotices(notices: CollectionReference, options?: ResilientListenerOptions): FirestoreStockNotices {
  const feed = new Fanout<"stock", string[]>();
  const announced = new Set<string>();
  let cursor = Timestamp.now();
  let listener: Unsubscribe | null = null;

  const announce = (id: string, productIds: string[]) => {
    if (announced.has(id)) return;
    announced.add(id);
    if (announced.size > REMEMBERED) announced.delete(announced.values().next().value!);
    feed.emit("stock", productIds);
  };

  const start = () => {
    const openedAt = cursor;
    listener = resilientListener<QuerySnapshot>(
      "stock notice listener",
      (next, fail) => notices.where("at", ">=", cursor).onSnapshot(next, fail),
      (snap) => {
        for (const change of snap.docChanges()) {
          if (change.type !== "added") continue;
          const at: unknown = change.doc.get("at");
          const productIds: unknown = change.doc.get("productIds");
          if (!(at instanceof Timestamp) || !isIdList(productIds)) continue;
          if (later(at, cursor)) cursor = at;
          announce(change.doc.id, productIds);
        }
        // Only when the cursor moved: notices sharing one time stay in every result set at or after it.
        if (snap.size > REANCHOR_AFTER && later(cursor, openedAt)) {
          stop();
          start();
        }
      },
      options,
    );
  };
  const stop = () => {
    listener?.();
    listener = null;
  };

  return {
    stage(tx, productIds) {
      if (productIds.length === 0) return null;
      const ref = notices.doc();
      tx.create(ref, {
        productIds: [...productIds],
        at: FieldValue.serverTimestamp(),
        expiresAt: Timestamp.fromMillis(Date.now() + STOCK_NOTICE_TTL_MS),
      });
      return ref.id;
    },
    announceLocalWrite(noticeId, productIds) {
      if (noticeId !== null && feed.has("stock")) announce(noticeId, productIds);
    },
    subscribe(onChange) {
      if (!listener) {
        cursor = Timestamp.now();
        start();
      }
      const unsubscribe = feed.subscribe("stock", onChange);
      return () => {
        unsubscribe();
        if (!feed.has("stock")) stop();
      };
    },
    close() {
      stop();
      feed.clear();
    },
  };
}
