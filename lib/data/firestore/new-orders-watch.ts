/**
 * The Firestore feed of new orders (OrderStore.watchNewOrders): one snapshot
 * listener per process, opened with the first subscriber and closed with the
 * last (only an open order desk listens).
 *
 * It watches the newest orders by placedAt (the desk's own index: placedAt
 * desc, __name__ asc; query-shapes.ts), at most WINDOW of them, placed no
 * earlier than MARGIN_MS before it opened. An order is new when it enters
 * that window. placedAt is the placing instance's clock when its transaction
 * began (orders.ts), not the commit's time, so it can be older than the
 * listener while its transaction still commits: the margin keeps such an
 * order inside the window (a transaction ends within two call deadlines,
 * guard.ts) and covers the clocks of instances that disagree by a little.
 * A server timestamp would order commits exactly, but would be a field of
 * its own on every order and a write of its own; the margin costs only the
 * first snapshot's reads of the orders of the last few minutes.
 *
 * The first snapshot is what existed already: of it, only the orders placed
 * since the listener opened are announced (one may commit between the
 * subscription and that snapshot). After a listener restart
 * (resilient-listener.ts) the orders the window gained meanwhile are
 * announced, so a cut loses none that the window still holds.
 */
import type { Query, QuerySnapshot } from "firebase-admin/firestore";
import { FieldPath } from "firebase-admin/firestore";
import type { Clock } from "../contract/store";
import { Fanout } from "../feed";
import type { OrderStore } from "../contract/order-store";
import type { Unsubscribe } from "../contract/feeds";
import type { FirestoreContext } from "./context";
import { ORDER_COLLECTIONS } from "./order-docs";
import { resilientListener, type ResilientListenerOptions } from "./resilient-listener";

/** How many of the newest orders the listener holds: more than are placed between two snapshots. */
const WINDOW = 100;
/** How long before the listener opened an order may have been placed and still be announced once it commits. */
const MARGIN_MS = 2 * 60_000;

interface FirestoreNewOrdersWatch {
  subscribe(onPlaced: (orderIds: string[]) => void): Unsubscribe;
  close(): void;
}

function watchFirestoreNewOrders(orders: Query, clock: Clock, options?: ResilientListenerOptions): FirestoreNewOrdersWatch {
  const feed = new Fanout<"placed", string[]>();
  let stop: Unsubscribe | null = null;

  const start = () => {
    const openedAt = clock();
    const newest = orders
      .where("placedAt", ">=", openedAt - MARGIN_MS)
      .orderBy("placedAt", "desc")
      .orderBy(FieldPath.documentId(), "asc")
      .limit(WINDOW);
    /** The ids the window held at the last snapshot; null before the first. */
    let held: Set<string> | null = null;
    stop = resilientListener<QuerySnapshot>(
      "new orders listener",
      (next, fail) => newest.onSnapshot(next, fail),
      (snap) => {
        const before = held;
        held = new Set(snap.docs.map((doc) => doc.id));
        const entered = snap.docs
          .filter((doc) => (before === null ? Number(doc.get("placedAt")) >= openedAt : !before.has(doc.id)))
          .reverse() // Oldest first.
          .map((doc) => doc.id);
        if (entered.length > 0) feed.emit("placed", entered);
      },
      options,
    );
  };

  return {
    subscribe(onPlaced) {
      const unsubscribe = feed.subscribe("placed", onPlaced);
      if (!stop) start();
      return () => {
        unsubscribe();
        if (!feed.has("placed")) {
          stop?.();
          stop = null;
        }
      };
    },
    close() {
      stop?.();
      stop = null;
      feed.clear();
    },
  };
}

/** The adapter's part: OrderStore.watchNewOrders over one process-wide listener. */
export function firestoreNewOrders({ db, ensureOpen, onClose, options, cartClock }: FirestoreContext): Pick<OrderStore, "watchNewOrders"> {
  const watch = watchFirestoreNewOrders(db.collection(ORDER_COLLECTIONS.orders), cartClock, options.listeners);
  onClose(() => watch.close());
  return {
    watchNewOrders: (onPlaced) => {
      ensureOpen();
      return watch.subscribe(onPlaced);
    },
  };
}
