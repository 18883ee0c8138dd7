/**
 * Carts on Firestore: carts/{owner}/items/{productId}, one document per line
 * in the spec's fields (mapping.ts). Every write is a transaction over the
 * cart as cart-write.ts reads it (a guest's whole, to restamp its lines'
 * expiry). Arguments arrive parsed (validating-store.ts); ids still pass
 * docId (paths.ts).
 */
import type { DocumentData, QuerySnapshot } from "firebase-admin/firestore";
import { isLive, lineExpiry, newCartLine } from "../cart-bounds";
import { planMerge } from "../cart-merge-plan";
import { StoreError } from "../errors";
import type { CartItem, CartOwner, CartStore, LineAddResult, Product } from "../types";
import { LIMITS } from "../validation";
import { applyCartAdds, type CartAdd } from "./cart-adds";
import { watchFirestoreCarts } from "./cart-watch";
import { cartRefs, readCartForWrite } from "./cart-write";
import type { FirestoreContext } from "./context";
import type { CallDeadline } from "./guard";
import { keyedBatches, type Outcome } from "./keyed-batches";
import { COLLECTIONS, byCartOrder, cartItemFromDoc, productFromDoc } from "./mapping";
import { docId } from "./paths";

/** An add waiting for its cart's next batch, with its caller's deadline. */
interface QueuedAdd extends CartAdd {
  deadline: CallDeadline;
}

export function firestoreCarts({ db, guard, ensureOpen, onClose, options, cartClock }: FirestoreContext): CartStore {
  const productRef = (id: string) => db.collection(COLLECTIONS.products).doc(docId(id, "product id"));
  const refs = (owner: CartOwner) => cartRefs(db, owner);
  // A line past its expiry is gone, whether or not the TTL policy has deleted it yet.
  const toItems = (snap: QuerySnapshot<DocumentData>): CartItem[] => {
    const now = cartClock();
    return snap.docs
      .map((d) => cartItemFromDoc(d.id, d.data()))
      .filter((item) => isLive(item.expiresAt, now))
      .sort(byCartOrder);
  };

  const cartWatch = watchFirestoreCarts(toItems, options.listeners);
  onClose(() => cartWatch.close());

  // Adds to one cart are grouped per process (keyed-batches.ts): the adds
  // waiting while one transaction runs go into the next one together, so a
  // process never contends with itself on a cart (each change to a guest's
  // cart writes every line of it). The transaction stays, for other
  // processes: server SDK transactions lock what they read, so a batch from
  // another instance queues behind this one instead of overwriting it.
  //
  // Each add brings its caller's deadline. An add whose caller has been told
  // "unavailable" while the batch waited for the cart (a lock held by another
  // instance, or by one that was killed mid-commit) is left out of the write:
  // the shopper will press again, and both would count.
  const submitAdd = keyedBatches<QueuedAdd, LineAddResult>(async (_key, adds) => {
    const { owner } = adds[0];
    const claimed: CallDeadline[] = [];
    const releaseClaims = (committed: boolean) => claimed.splice(0).forEach((d) => d.release(committed));
    try {
      const outcomes = await db.runTransaction(
        async (tx) => {
          releaseClaims(false); // a rerun: the attempt before it wrote nothing
          const at = cartClock();
          const ids = [...new Set(adds.map((add) => add.productId))];
          const productSnaps = await tx.getAll(...ids.map(productRef));
          const products = new Map<string, Product | null>(ids.map((id, i) => [id, productSnaps[i].exists ? productFromDoc(productSnaps[i]) : null]));
          const cart = await readCartForWrite(tx, refs(owner), at, ids);
          // The count costs an account's cart a read: only when an add may create a line.
          const lines = ids.some((id) => cart.line(id) === null) ? await cart.count() : 0;
          const writable = adds.filter((add) => {
            if (!add.deadline.claim()) return false;
            claimed.push(add.deadline);
            return true;
          });
          const expiresAt = lineExpiry(owner, at);
          const { outcomes, changed, created } = applyCartAdds(
            {
              lines,
              // The change restamps every line of a guest's cart: each add answers with the new expiry.
              line: (id) => {
                const line = cart.line(id);
                return line && { ...line, expiresAt };
              },
              product: (id) => products.get(id) ?? null,
              newLine: (product, quantity) => newCartLine(owner, product, quantity, at),
            },
            writable,
          );
          for (const [id, line] of changed) {
            if (created.has(id)) cart.put(line);
            else cart.setQuantity(id, line.quantity);
          }
          await cart.commit();
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
    listCart: (owner) => guard(async () => toItems(await refs(owner).lines.get())),

    // limit(1) with one field: one read, whatever the cart holds. A guest's
    // lines share one expiry (each change restamps them all), so one line
    // tells whether the cart is still there.
    hasCart: (owner) =>
      guard(async () => {
        const [first] = (await refs(owner).lines.select("expiresAt").limit(1).get()).docs;
        return first !== undefined && isLive(cartItemFromDoc(first.id, first.data()).expiresAt, cartClock());
      }),

    addToLine: (owner, productId, quantity = 1) =>
      guard(async (deadline) => {
        refs(owner).line(productId); // refuses a path-unsafe id before it is queued
        // An add still queued when its caller is told "unavailable" is dropped, never applied later.
        return submitAdd(owner, { owner, productId, quantity, deadline }, deadline.signal);
      }),

    // A transaction like an add's: the product must still exist (a deleted
    // product's line can only be removed) and the line must be there; the
    // quantity written is the shopper's whole new number, so concurrent sets
    // end at the last one, never at a sum.
    setLineQuantity: (owner, productId, quantity) =>
      guard(() =>
        db.runTransaction(async (tx) => {
          const at = cartClock();
          const productSnap = await tx.get(productRef(productId));
          if (!productSnap.exists || !productFromDoc(productSnap)) throw new StoreError("not_found", `No product with id ${productId}`);
          const cart = await readCartForWrite(tx, refs(owner), at, [productId]);
          const line = cart.line(productId);
          if (!line) return null;
          cart.setQuantity(productId, quantity);
          await cart.commit();
          return { ...line, quantity, expiresAt: lineExpiry(owner, at) };
        }),
      ),

    removeLine: (owner, productId) =>
      guard(() =>
        db.runTransaction(async (tx) => {
          const cart = await readCartForWrite(tx, refs(owner), cartClock(), [productId]);
          if (!cart.line(productId)) return false;
          cart.remove(productId);
          await cart.commit();
          return true;
        }),
      ),

    mergeCarts: (from, into) =>
      guard(async () => {
        const dropped =
          from === into
            ? 0
            : await db.runTransaction(async (tx) => {
                const at = cartClock();
                const guest = await readCartForWrite(tx, refs(from), at, [], { whole: true });
                const moving = guest.lines();
                if (moving.length === 0) return 0;
                const account = await readCartForWrite(tx, refs(into), at, moving.map((line) => line.productId));
                const inCart = (id: string) => account.line(id) !== null;
                const plan = planMerge(moving, inCart, moving.every((line) => inCart(line.productId)) ? 0 : await account.count());
                for (const line of plan.join) {
                  // Quantities add; a merge never fails a sign-in, so it caps instead of refusing.
                  account.setQuantity(line.productId, Math.min(account.line(line.productId)!.quantity + line.quantity, LIMITS.lineQuantityMax));
                }
                for (const line of plan.add) account.put(line);
                for (const line of moving) guest.remove(line.productId);
                await account.commit();
                await guest.commit();
                return plan.dropped.length;
              });
        return { items: toItems(await refs(into).lines.get()), dropped };
      }),

    watchCart: (owner, onChange) => {
      const { lines } = refs(owner);
      ensureOpen();
      return cartWatch.subscribe(owner, lines, onChange);
    },
  };
}
