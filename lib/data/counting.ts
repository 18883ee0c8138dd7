/**
 * A read counter around any Store, for the benchmark's "database reads per
 * 1,000 home views" (bench/reads.mjs). It is switched on only by
 * STORE_COUNT_READS=1 (lib/data/index.ts); production never wraps its store.
 *
 * What one "document" means, per backend (the benchmark report repeats this):
 * - Read methods (listProducts, getProduct, listProductsByType,
 *   searchProducts, listCart, getUser, isSessionRevoked, hasCart, ping): one query per call, and the documents
 *   (Firestore) or rows (SQLite) it returned, at least 1, because Firestore
 *   bills an empty query as one read. Firestore's listProductsByType and
 *   searchProducts fetch the whole type / catalogue and trim in memory, so
 *   for them the figure is a lower bound on Firestore.
 * - watchCart: every delivery of an owner's cart counts its lines (at least
 *   1) once, however many tabs receive it. On SQLite that is exactly the one
 *   SELECT the adapter runs per change; on Firestore the first snapshot reads
 *   every line and later ones only the changed lines, so it is an upper bound.
 * - watchCatalog: the notification carries no documents. On Firestore the
 *   process's single catalogue listener reads the version document once when
 *   the first subscriber starts it and once per change; neither is visible
 *   from outside the adapter, so starts and deliveries are counted as events
 *   (feeds.catalog), and the wire counts below hold the reads.
 * - Reads a write makes inside the adapter (a transaction's get) are not
 *   counted here: this counter sees the Store contract, not the adapter's
 *   insides. On Firestore, `firestore` (lib/data/firestore-wire-reads.ts)
 *   counts every document read firebase-admin makes, as Firestore bills it,
 *   transactions and listeners included, and the snapshot listeners held.
 */
import "server-only";
import { countFirestoreWireReads, firestoreWireCounts, type FirestoreWireCounts } from "./firestore-wire-reads";
import type { CartItem, CartOwner, Store } from "./types";

const READ_METHODS = [
  "listProducts",
  "getProduct",
  "listProductsByType",
  "searchProducts",
  "listCart",
  "getUser",
  "isSessionRevoked",
  // Newer reads: whether an owner's cart exists (the live stream asks before
  // it opens a listener), and the health probe. Counted only where the store has them.
  "hasCart",
  "ping",
  // The catalogue's version counter: one document or row.
  "getCatalogVersion",
] as const;
type ReadMethod = (typeof READ_METHODS)[number];

export interface ReadCounts {
  backend: Store["kind"];
  queries: number;
  documents: number;
  byMethod: Record<ReadMethod, { calls: number; documents: number }>;
  feeds: {
    cart: { deliveries: number; documents: number };
    catalog: { subscriptions: number; listenerStarts: number; deliveries: number };
  };
  /** Firestore only: billable document reads on the wire and the listeners held. */
  firestore?: FirestoreWireCounts;
}

// Kept on globalThis like the store itself: Next bundles each route apart,
// and the health route must see the counts the pages' store made.
const GLOBAL_KEY = Symbol.for("storefront.readCounts");
type GlobalWithCounts = typeof globalThis & { [GLOBAL_KEY]?: ReadCounts };

/** The counts so far (a copy), or null when this process does not count reads. */
export function readCounts(): ReadCounts | null {
  const counts = (globalThis as GlobalWithCounts)[GLOBAL_KEY];
  if (!counts) return null;
  const wire = counts.backend === "firestore" ? firestoreWireCounts() : null;
  return { ...structuredClone(counts), ...(wire && { firestore: wire }) };
}

const documentsIn = (result: unknown) => (Array.isArray(result) ? Math.max(1, result.length) : 1);

/** Wraps `store` so that every read through it is counted (see the header for what counts). */
export function countReads(store: Store): Store {
  const counts: ReadCounts = {
    backend: store.kind,
    queries: 0,
    documents: 0,
    byMethod: Object.fromEntries(READ_METHODS.map((m) => [m, { calls: 0, documents: 0 }])) as ReadCounts["byMethod"],
    feeds: {
      cart: { deliveries: 0, documents: 0 },
      catalog: { subscriptions: 0, listenerStarts: 0, deliveries: 0 },
    },
  };
  (globalThis as GlobalWithCounts)[GLOBAL_KEY] = counts;
  // Installed before the store is handed out, so no read goes unseen.
  if (store.kind === "firestore") countFirestoreWireReads();

  const countRead = (method: ReadMethod, documents: number) => {
    counts.queries += 1;
    counts.documents += documents;
    counts.byMethod[method].calls += 1;
    counts.byMethod[method].documents += documents;
  };

  // The adapters fan one payload out to every subscriber of an owner: the
  // same array object reaching several tabs is one database read, not many.
  const seenCarts = new WeakSet<CartItem[]>();
  const watchCart = (owner: CartOwner, onChange: (items: CartItem[]) => void) =>
    store.watchCart(owner, (items) => {
      if (!seenCarts.has(items)) {
        seenCarts.add(items);
        const documents = Math.max(1, items.length);
        counts.feeds.cart.deliveries += 1;
        counts.feeds.cart.documents += documents;
        counts.documents += documents;
      }
      onChange(items);
    });

  // A catalogue change reaches every subscriber in one synchronous loop:
  // one delivery per loop, whatever the number of tabs.
  let inCatalogDelivery = false;
  const watchCatalog = (onChange: () => void) => {
    counts.feeds.catalog.subscriptions += 1;
    if (counts.feeds.catalog.subscriptions === 1) counts.feeds.catalog.listenerStarts += 1;
    return store.watchCatalog(() => {
      if (!inCatalogDelivery) {
        inCatalogDelivery = true;
        counts.feeds.catalog.deliveries += 1;
        queueMicrotask(() => (inCatalogDelivery = false));
      }
      onChange();
    });
  };

  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === "watchCart") return watchCart;
      if (property === "watchCatalog") return watchCatalog;
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (!(READ_METHODS as readonly PropertyKey[]).includes(property)) return value.bind(target);
      const method = property as ReadMethod;
      return async (...args: unknown[]) => {
        const result: unknown = await value.apply(target, args);
        countRead(method, documentsIn(result));
        return result;
      };
    },
  });
}
