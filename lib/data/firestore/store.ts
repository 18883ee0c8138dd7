/**
 * Production storage: Cloud Firestore through firebase-admin (server only; the
 * security rules deny every browser). Field names follow the spec (mapping.ts).
 * One snapshot listener per collection per process feeds every subscriber.
 */
import { type DocumentData, type Firestore, type QuerySnapshot } from "firebase-admin/firestore";
import { StoreError } from "../errors";
import { Fanout } from "../feed";
import { byNewestThenId } from "../order";
import { matchesQuery } from "../search";
import { productFields } from "../product-fields";
import type { CartItem, CartOwner, LineAddResult, Product, ProductChange, Store } from "../types";
import {
  LIMITS,
  addQuantitySchema,
  changedBySchema,
  idSchema,
  lineQuantitySchema,
  listLimitSchema,
  newProductSchema,
  newUserSchema,
  ownerSchema,
  parseOrThrow,
  productSchema,
  productTypeSchema,
  revisionSchema,
  revocationExpirySchema,
  searchQuerySchema,
  sessionIdSchema,
} from "../validation";
import {
  CATALOG_VERSION_DOC,
  COLLECTIONS,
  byCartOrder,
  cartDocFromProduct,
  cartItemFromDoc,
  productChangeFromDoc,
  productChangeToDoc,
  productFieldsToDoc,
  productFromDoc,
  productToDoc,
  revisionOfDoc,
  userFromDoc,
  type RevokedSessionDoc,
  type UserDoc,
} from "./mapping";
import { FieldValue, Timestamp, type DocumentSnapshot, type Transaction, WriteBatch } from "firebase-admin/firestore";
import { applyAdds, type LineAdd } from "./line-adds";
import { createGuard, grpcCode, type CallDeadline } from "./guard";
import { keyedBatches, type Outcome } from "./keyed-batches";
import { resilientListener, type ResilientListenerOptions } from "./resilient-listener";

// gRPC status codes Firestore reports.
const NOT_FOUND = 5;
const ALREADY_EXISTS = 6;

/** An add waiting for its line's next batch, with its caller's deadline. */
interface QueuedAdd extends LineAdd {
  deadline: CallDeadline;
}

export interface FirestoreStoreOptions {
  /** How long one call may take before it fails as unavailable (guard.ts). */
  deadlineMs?: number;
  /** Backoff of the snapshot listeners' reopen after an error (resilient-listener.ts). */
  listeners?: ResilientListenerOptions;
}

export function createFirestoreStore(db: Firestore, options: FirestoreStoreOptions = {}): Store {
  const bounded = createGuard(options.deadlineMs);
  let closed = false;
  // After close() every call fails at once, as on SQLite: a terminated
  // firebase-admin client can leave a get unsettled (its rejection is lost
  // inside the SDK), which would cost every caller a whole deadline.
  const guard = <T>(body: (deadline: CallDeadline) => Promise<T>): Promise<T> =>
    bounded(async (deadline) => {
      if (closed) throw new StoreError("unavailable", "The store is closed");
      return body(deadline);
    });
  const products = db.collection(COLLECTIONS.products);
  const catalogVersionRef = db.collection(COLLECTIONS.meta).doc(CATALOG_VERSION_DOC);
  // An increment in the same commit as the products write, so no write is
  // ever seen without its bump. Blind (nothing reads it in a transaction), so
  // two edits at once queue on it briefly at commit but never rerun for it.
  const bumpCatalogVersion = (writer: Transaction | WriteBatch): void => {
    const bump = { version: FieldValue.increment(1) };
    // Same call on both; TypeScript cannot call a union of their overloads.
    if (writer instanceof WriteBatch) writer.set(catalogVersionRef, bump, { merge: true });
    else writer.set(catalogVersionRef, bump, { merge: true });
  };
  const users = db.collection(COLLECTIONS.users);
  const revokedSessions = db.collection(COLLECTIONS.revokedSessions);
  const cartLines = (owner: CartOwner) =>
    db.collection(COLLECTIONS.carts).doc(owner).collection(COLLECTIONS.cartItems);
  const toItems = (snap: QuerySnapshot<DocumentData>): CartItem[] =>
    snap.docs.map((d) => cartItemFromDoc(d.id, d.data())).sort(byCartOrder);
  const toProducts = (snap: QuerySnapshot<DocumentData>): Product[] =>
    snap.docs.map(productFromDoc).filter((p): p is Product => p !== null).sort(byNewestThenId);

  const cartFeed = new Fanout<CartOwner, CartItem[]>();
  const cartListeners = new Map<CartOwner, () => void>();
  const catalogFeed = new Fanout<"catalog", void>();
  let catalogListener: (() => void) | null = null;

  const listProducts = () => guard(async () => toProducts(await products.get()));
  const changesOf = (productId: string) => products.doc(productId).collection(COLLECTIONS.productChanges);
  const recordChange = (tx: Transaction, change: ProductChange) => tx.create(changesOf(change.productId).doc(), productChangeToDoc(change));

  /** The product read in `tx` at `expected`, or the error saying why not (an edit's precondition). */
  const productAtRevision = async (tx: Transaction, id: string, expected: number): Promise<{ snap: DocumentSnapshot; product: Product }> => {
    const snap = await tx.get(products.doc(id));
    const product = snap.exists ? productFromDoc(snap) : null;
    if (!product) throw new StoreError("not_found", `No product with id ${id}`);
    const revision = revisionOfDoc(snap);
    if (revision !== expected) throw new StoreError("conflict", `Product ${id} is at revision ${revision}, not ${expected}`);
    return { snap, product };
  };

  // Adds to one cart line are grouped per process (keyed-batches.ts): the adds
  // waiting while one transaction runs go into the next one together, so a
  // process never contends with itself on a hot line. The transaction stays,
  // for other processes: server SDK transactions lock what they read, so a
  // batch from another instance queues behind this one instead of overwriting it.
  //
  // Each add brings its caller's deadline. An add whose caller has been told
  // "unavailable" while the batch waited for the line (a lock held by another
  // instance, or by one that was killed mid-commit) is left out of the write:
  // the shopper will press again, and both would count.
  const submitAdd = keyedBatches<QueuedAdd, LineAddResult>(async (_key, adds) => {
    const { owner, productId } = adds[0];
    const productRef = products.doc(productId);
    const lineRef = cartLines(owner).doc(productId);
    const claimed: CallDeadline[] = [];
    const releaseClaims = (committed: boolean) => claimed.splice(0).forEach((d) => d.release(committed));
    try {
      const outcomes = await db.runTransaction(
        async (tx) => {
          releaseClaims(false); // a rerun: the attempt before it wrote nothing
          const [productSnap, lineSnap] = await tx.getAll(productRef, lineRef);
          const product = productSnap.exists ? productFromDoc(productSnap) : null;
          if (!product) throw new StoreError("not_found", `No product with id ${productId}`);
          const existing = lineSnap.exists ? cartItemFromDoc(productId, lineSnap.data()!) : null;
          const writable = adds.filter((add) => {
            if (!add.deadline.claim()) return false;
            claimed.push(add.deadline);
            return true;
          });
          const { outcomes, line } = applyAdds(existing, writable, (q) =>
            cartItemFromDoc(productId, cartDocFromProduct(product, q, Date.now())),
          );
          if (!existing && line) tx.set(lineRef, cartDocFromProduct(product, line.quantity, line.addedAt));
          else if (existing && line && line.quantity !== existing.quantity) tx.update(lineRef, { quantity: line.quantity });
          return adds.map((add): Outcome<LineAddResult> => {
            const i = writable.indexOf(add);
            return i >= 0 ? outcomes[i] : { ok: false, error: new StoreError("unavailable", "Its caller gave up before the write") };
          });
        },
        { maxAttempts: 20 },
      );
      releaseClaims(true);
      return outcomes;
    } finally {
      releaseClaims(false);
    }
  });

  return {
    kind: "firestore",

    listProducts,

    getCatalogVersion: () =>
      guard(async () => {
        const version = (await catalogVersionRef.get()).get("version");
        // Missing before the first write through this adapter (a database filled by another tool).
        return typeof version === "number" && Number.isSafeInteger(version) ? version : 0;
      }),

    getProduct: (id) =>
      guard(async () => {
        const snap = await products.doc(parseOrThrow(idSchema, id, "product id")).get();
        return snap.exists ? productFromDoc(snap) : null;
      }),

    // Legacy documents may lack createdAt, which an orderBy would silently drop,
    // so the type's documents are read whole and ordered here (a few dozen per type).
    listProductsByType: (type, limit) =>
      guard(async () => {
        const validType = parseOrThrow(productTypeSchema, type, "product type");
        const validLimit = parseOrThrow(listLimitSchema, limit, "limit");
        const snap = await products.where("productType", "==", validType).get();
        return toProducts(snap).slice(0, validLimit);
      }),

    searchProducts: (query, limit) =>
      guard(async () => {
        const q = parseOrThrow(searchQuerySchema, query, "search");
        const validLimit = parseOrThrow(listLimitSchema, limit, "limit");
        if (q.length === 0) return [];
        return (await listProducts()).filter((p) => matchesQuery(p, q)).slice(0, validLimit);
      }),

    addProduct: (input, by) =>
      guard(async () => {
        const valid = parseOrThrow(newProductSchema, input, "product");
        const who = by === undefined ? undefined : parseOrThrow(changedBySchema, by, "who made the change");
        const ref = products.doc();
        const createdAt = Date.now();
        // One batch: the product, the catalogue's version and (for an admin's
        // add) the record of its creation, or none of them.
        const batch = db.batch();
        batch.create(ref, productToDoc(valid, createdAt));
        bumpCatalogVersion(batch);
        if (who !== undefined) {
          batch.create(changesOf(ref.id).doc(), productChangeToDoc({ productId: ref.id, at: createdAt, by: who, action: "create", before: null, after: productFields(valid) }));
        }
        await batch.commit();
        return { ...valid, id: ref.id, createdAt };
      }),

    getProductRevision: (id) =>
      guard(async () => {
        const snap = await products.doc(parseOrThrow(idSchema, id, "product id")).get();
        const product = snap.exists ? productFromDoc(snap) : null;
        return product ? { product, revision: revisionOfDoc(snap) } : null;
      }),

    // A transaction reads the revision and writes only if it is still the
    // expected one; another instance's edit in between makes Firestore rerun
    // it, and the rerun sees the new revision and refuses (conflict).
    updateProduct: (id, input, expectedRevision, by) =>
      guard(async () => {
        const validId = parseOrThrow(idSchema, id, "product id");
        const valid = parseOrThrow(newProductSchema, input, "product");
        const expected = parseOrThrow(revisionSchema, expectedRevision, "revision");
        const who = parseOrThrow(changedBySchema, by, "who made the change");
        return db.runTransaction(async (tx) => {
          const { snap, product: before } = await productAtRevision(tx, validId, expected);
          const revision = expected + 1;
          tx.update(snap.ref, { ...productFieldsToDoc(valid), revision });
          bumpCatalogVersion(tx);
          recordChange(tx, { productId: validId, at: Date.now(), by: who, action: "update", before: productFields(before), after: productFields(valid) });
          return { product: { ...valid, id: validId, createdAt: before.createdAt }, revision };
        });
      }),

    deleteProduct: (id, expectedRevision, by) =>
      guard(async () => {
        const validId = parseOrThrow(idSchema, id, "product id");
        const expected = parseOrThrow(revisionSchema, expectedRevision, "revision");
        const who = parseOrThrow(changedBySchema, by, "who made the change");
        await db.runTransaction(async (tx) => {
          const { snap, product: before } = await productAtRevision(tx, validId, expected);
          tx.delete(snap.ref);
          bumpCatalogVersion(tx);
          recordChange(tx, { productId: validId, at: Date.now(), by: who, action: "delete", before: productFields(before), after: null });
        });
      }),

    listProductChanges: (id, limit) =>
      guard(async () => {
        const validId = parseOrThrow(idSchema, id, "product id");
        const validLimit = parseOrThrow(listLimitSchema, limit, "limit");
        // One field, one direction: Firestore's automatic index serves it.
        const snap = await changesOf(validId).orderBy("at", "desc").limit(validLimit).get();
        return snap.docs.map((d) => productChangeFromDoc(validId, d.data()));
      }),

    upsertProducts: (list) =>
      guard(async () => {
        if (!Array.isArray(list) || list.length > LIMITS.batchMax) {
          throw new StoreError("invalid_input", `Upsert takes an array of at most ${LIMITS.batchMax} products`);
        }
        const valid = list.map((p, i) => parseOrThrow(productSchema, p, `product ${i + 1}`));
        // One batch commits atomically: the products and the version bump.
        const batch = db.batch();
        // merge + increment: an import over a product bumps its revision, so an
        // admin's edit opened before the import is refused, not saved over it.
        for (const p of valid) batch.set(products.doc(p.id), { ...productToDoc(p, p.createdAt), revision: FieldValue.increment(1) }, { merge: true });
        // Once per call, not per product: an import of n batches raises it n times.
        if (valid.length > 0) bumpCatalogVersion(batch);
        await batch.commit();
      }),

    listCart: (owner) =>
      guard(async () => toItems(await cartLines(parseOrThrow(ownerSchema, owner, "cart owner")).get())),

    // limit(1) with no fields: one read, whatever the cart holds.
    hasCart: (owner) =>
      guard(async () => !(await cartLines(parseOrThrow(ownerSchema, owner, "cart owner")).select().limit(1).get()).empty),

    addToLine: (owner, productId, quantity = 1) =>
      guard(async (deadline) => {
        const o = parseOrThrow(ownerSchema, owner, "cart owner");
        const id = parseOrThrow(idSchema, productId, "product id");
        const q = parseOrThrow(addQuantitySchema, quantity, "quantity");
        // An add still queued when its caller is told "unavailable" is dropped, never applied later.
        return submitAdd(`${o}/${id}`, { owner: o, productId: id, quantity: q, deadline }, deadline.signal);
      }),

    // A transaction like an add's: the product must still exist (a deleted
    // product's line can only be removed) and the line must be there; the
    // quantity written is the shopper's whole new number, so concurrent sets
    // end at the last one, never at a sum.
    setLineQuantity: (owner, productId, quantity) =>
      guard(async () => {
        const o = parseOrThrow(ownerSchema, owner, "cart owner");
        const id = parseOrThrow(idSchema, productId, "product id");
        const q = parseOrThrow(lineQuantitySchema, quantity, "quantity");
        const lineRef = cartLines(o).doc(id);
        return db.runTransaction(async (tx) => {
          const [productSnap, lineSnap] = await tx.getAll(products.doc(id), lineRef);
          if (!productSnap.exists || !productFromDoc(productSnap)) throw new StoreError("not_found", `No product with id ${id}`);
          if (!lineSnap.exists) return null;
          tx.update(lineRef, { quantity: q });
          return { ...cartItemFromDoc(id, lineSnap.data()!), quantity: q };
        });
      }),

    removeLine: (owner, productId) =>
      guard(async () => {
        const o = parseOrThrow(ownerSchema, owner, "cart owner");
        const id = parseOrThrow(idSchema, productId, "product id");
        try {
          await cartLines(o).doc(id).delete({ exists: true });
          return true;
        } catch (error) {
          if (grpcCode(error) === NOT_FOUND) return false;
          throw error;
        }
      }),

    mergeCarts: (from, into) =>
      guard(async () => {
        const f = parseOrThrow(ownerSchema, from, "cart owner");
        const t = parseOrThrow(ownerSchema, into, "cart owner");
        if (f !== t) {
          await db.runTransaction(async (tx) => {
            const guestLines = await tx.get(cartLines(f));
            if (guestLines.empty) return;
            const userRefs = guestLines.docs.map((d) => cartLines(t).doc(d.id));
            const userLines = await tx.getAll(...userRefs);
            guestLines.docs.forEach((guest, i) => {
              const existing = userLines[i];
              if (existing.exists) {
                const sum = Number(existing.get("quantity")) + Number(guest.get("quantity"));
                // A merge never fails a sign-in, so it caps instead of refusing.
                tx.update(existing.ref, { quantity: Math.min(sum, LIMITS.lineQuantityMax) });
              } else {
                tx.set(userRefs[i], guest.data());
              }
              tx.delete(guest.ref);
            });
          });
        }
        return toItems(await cartLines(t).get());
      }),

    getUser: (uid) =>
      guard(async () => {
        const id = parseOrThrow(idSchema, uid, "user id");
        const snap = await users.doc(id).get();
        return snap.exists ? userFromDoc(id, snap.data()!) : null;
      }),

    createUserIfMissing: (uid, input) =>
      guard(async () => {
        const id = parseOrThrow(idSchema, uid, "user id");
        const valid = parseOrThrow(newUserSchema, input, "user");
        const doc: UserDoc = { ...valid, createdAt: Timestamp.now() };
        try {
          // create() fails when the document exists: never an overwrite, no race.
          await users.doc(id).create(doc);
          return { user: userFromDoc(id, doc), created: true };
        } catch (error) {
          if (grpcCode(error) !== ALREADY_EXISTS) throw error;
          const snap = await users.doc(id).get();
          return { user: userFromDoc(id, snap.data()!), created: false };
        }
      }),

    revokeSession: (sid, expiresAt) =>
      guard(async () => {
        const ref = revokedSessions.doc(parseOrThrow(sessionIdSchema, sid, "session id"));
        const until = parseOrThrow(revocationExpirySchema, expiresAt, "expiry");
        // A transaction so two sign-outs of the same session keep the later expiry.
        await db.runTransaction(async (tx) => {
          const existing = (await tx.get(ref)).get("expiresAt");
          const kept = existing instanceof Timestamp && existing.toMillis() > until ? existing.toMillis() : until;
          const doc: RevokedSessionDoc = { expiresAt: Timestamp.fromMillis(kept) };
          tx.set(ref, doc);
        });
      }),

    isSessionRevoked: (sid) =>
      guard(async () => {
        const snap = await revokedSessions.doc(parseOrThrow(sessionIdSchema, sid, "session id")).get();
        const expiresAt = snap.get("expiresAt");
        return snap.exists && expiresAt instanceof Timestamp && expiresAt.toMillis() > Date.now();
      }),

    // One fixed document, found or missing: one read, and no product data
    // (the old probe, listProductsByType, read every Electronics product).
    ping: () =>
      guard(async () => {
        await db.collection(COLLECTIONS.health).doc("ping").get();
      }),

    watchCart: (owner, onChange) => {
      const o = parseOrThrow(ownerSchema, owner, "cart owner");
      // A listener on a terminated client would fail and be reopened forever.
      if (closed) throw new StoreError("unavailable", "The store is closed");
      const unsubscribe = cartFeed.subscribe(o, onChange);
      if (!cartListeners.has(o)) {
        // Every snapshot carries the whole cart, so the first one after a
        // reopen already brings subscribers up to date.
        const stop = resilientListener<QuerySnapshot<DocumentData>>(
          `cart listener for ${o}`,
          (next, fail) => cartLines(o).onSnapshot(next, fail),
          (snap) => cartFeed.emit(o, toItems(snap)),
          options.listeners,
        );
        cartListeners.set(o, stop);
      }
      return () => {
        unsubscribe();
        if (!cartFeed.has(o)) {
          cartListeners.get(o)?.();
          cartListeners.delete(o);
        }
      };
    },

    // Listens to the version document only: one read when the process starts
    // and one per change, whatever the catalogue's size (a listener on the
    // products collection read every product at each instance's start).
    watchCatalog: (onChange) => {
      if (closed) throw new StoreError("unavailable", "The store is closed");
      const unsubscribe = catalogFeed.subscribe("catalog", onChange);
      if (!catalogListener) {
        let initial = true;
        catalogListener = resilientListener<DocumentSnapshot>(
          "catalogue listener",
          (next, fail) => catalogVersionRef.onSnapshot(next, fail),
          (_snap, { afterRestart }) => {
            // The very first snapshot is the current state, not a change; the
            // first after a reopen is one, since anything may have changed meanwhile.
            const first = initial;
            initial = false;
            if (!first || afterRestart) catalogFeed.emit("catalog", undefined);
          },
          options.listeners,
        );
      }
      // The listener stays for the life of the process: an idle one costs nothing.
      return unsubscribe;
    },

    close: async () => {
      if (closed) return;
      closed = true;
      cartListeners.forEach((stop) => stop());
      cartListeners.clear();
      catalogListener?.();
      catalogListener = null;
      cartFeed.clear();
      catalogFeed.clear();
      // terminate() waits for every pending call, which firebase-admin retries
      // for minutes against an unreachable host: shutdown waits one deadline at most.
      await bounded(() => db.terminate()).catch((error: unknown) => console.error("Firestore did not close cleanly", error));
    },
  };
}
