/**
 * Carts on Firestore: carts/{owner}/items/{productId}, one document per line
 * in the spec's fields (mapping.ts). Arguments arrive parsed
 * (validating-store.ts); ids still pass docId (paths.ts).
 */
import type { DocumentData, QuerySnapshot } from "firebase-admin/firestore";
import { StoreError } from "../errors";
import type { CartItem, CartOwner, CartStore, LineAddResult } from "../types";
import { LIMITS } from "../validation";
import { watchFirestoreCarts } from "./cart-watch";
import type { FirestoreContext } from "./context";
import { grpcCode, type CallDeadline } from "./guard";
import { keyedBatches, type Outcome } from "./keyed-batches";
import { applyAdds, type LineAdd } from "./line-adds";
import { COLLECTIONS, byCartOrder, cartDocFromProduct, cartItemFromDoc, productFromDoc } from "./mapping";
import { docId } from "./paths";

// gRPC status code Firestore reports for a missing document.
const NOT_FOUND = 5;

/** An add waiting for its line's next batch, with its caller's deadline. */
interface QueuedAdd extends LineAdd {
  deadline: CallDeadline;
}

export function firestoreCarts({ db, guard, ensureOpen, onClose, options, cartClock }: FirestoreContext): CartStore {
  const productRef = (id: string) => db.collection(COLLECTIONS.products).doc(docId(id, "product id"));
  const cartLines = (owner: CartOwner) =>
    db.collection(COLLECTIONS.carts).doc(docId(owner, "cart owner")).collection(COLLECTIONS.cartItems);
  const lineRef = (owner: CartOwner, productId: string) => cartLines(owner).doc(docId(productId, "product id"));
  const toItems = (snap: QuerySnapshot<DocumentData>): CartItem[] =>
    snap.docs.map((d) => cartItemFromDoc(d.id, d.data())).sort(byCartOrder);

  const cartWatch = watchFirestoreCarts(toItems, options.listeners);
  onClose(() => cartWatch.close());

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
    const line = lineRef(owner, productId);
    const claimed: CallDeadline[] = [];
    const releaseClaims = (committed: boolean) => claimed.splice(0).forEach((d) => d.release(committed));
    try {
      const outcomes = await db.runTransaction(
        async (tx) => {
          releaseClaims(false); // a rerun: the attempt before it wrote nothing
          const [productSnap, lineSnap] = await tx.getAll(productRef(productId), line);
          const product = productSnap.exists ? productFromDoc(productSnap) : null;
          if (!product) throw new StoreError("not_found", `No product with id ${productId}`);
          const existing = lineSnap.exists ? cartItemFromDoc(productId, lineSnap.data()!) : null;
          const writable = adds.filter((add) => {
            if (!add.deadline.claim()) return false;
            claimed.push(add.deadline);
            return true;
          });
          const { outcomes, line: next } = applyAdds(existing, writable, (q) =>
            cartItemFromDoc(productId, cartDocFromProduct(product, q, cartClock())),
          );
          if (!existing && next) tx.set(line, cartDocFromProduct(product, next.quantity, next.addedAt));
          else if (existing && next && next.quantity !== existing.quantity) tx.update(line, { quantity: next.quantity });
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
    listCart: (owner) => guard(async () => toItems(await cartLines(owner).get())),

    // limit(1) with no fields: one read, whatever the cart holds.
    hasCart: (owner) => guard(async () => !(await cartLines(owner).select().limit(1).get()).empty),

    addToLine: (owner, productId, quantity = 1) =>
      guard(async (deadline) => {
        lineRef(owner, productId); // refuses a path-unsafe id before it is queued
        // An add still queued when its caller is told "unavailable" is dropped, never applied later.
        return submitAdd(`${owner}/${productId}`, { owner, productId, quantity, deadline }, deadline.signal);
      }),

    // A transaction like an add's: the product must still exist (a deleted
    // product's line can only be removed) and the line must be there; the
    // quantity written is the shopper's whole new number, so concurrent sets
    // end at the last one, never at a sum.
    setLineQuantity: (owner, productId, quantity) =>
      guard(() =>
        db.runTransaction(async (tx) => {
          const line = lineRef(owner, productId);
          const [productSnap, lineSnap] = await tx.getAll(productRef(productId), line);
          if (!productSnap.exists || !productFromDoc(productSnap)) throw new StoreError("not_found", `No product with id ${productId}`);
          if (!lineSnap.exists) return null;
          tx.update(line, { quantity });
          return { ...cartItemFromDoc(productId, lineSnap.data()!), quantity };
        }),
      ),

    removeLine: (owner, productId) =>
      guard(async () => {
        try {
          await lineRef(owner, productId).delete({ exists: true });
          return true;
        } catch (error) {
          if (grpcCode(error) === NOT_FOUND) return false;
          throw error;
        }
      }),

    mergeCarts: (from, into) =>
      guard(async () => {
        if (from !== into) {
          await db.runTransaction(async (tx) => {
            const guestLines = await tx.get(cartLines(from));
            if (guestLines.empty) return;
            const userRefs = guestLines.docs.map((d) => cartLines(into).doc(d.id));
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
        return toItems(await cartLines(into).get());
      }),

    watchCart: (owner, onChange) => {
      const lines = cartLines(owner);
      ensureOpen();
      return cartWatch.subscribe(owner, lines, onChange);
    },
  };
}
