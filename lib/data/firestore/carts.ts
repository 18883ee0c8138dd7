/**
 * Carts on Firestore: carts/{owner}/items/{productId}, one document per line
 * in the spec's fields (mapping.ts). Every write is a transaction over the
 * cart as cart-write.ts reads it (a guest's whole, to restamp its lines'
 * expiry). Arguments arrive parsed (validating-store.ts); ids still pass
 * docId (paths.ts).
 */
import { Timestamp, type DocumentData, type QuerySnapshot, type Transaction } from "firebase-admin/firestore";
import { isLive, lineExpiry } from "../rules/cart-bounds";
import { planMerge } from "../rules/cart-merge-plan";
import { StoreError } from "../contract/errors";
import type { CartItem, CartOwner, CartStore, LineAddResult } from "../contract/cart";
import { LIMITS } from "../contract/limits";
import { runAddBatch, type QueuedAdd } from "./cart-add-batch";
import { watchFirestoreCarts } from "./cart-watch";
import { cartRefs, readCartForWrite } from "./cart-write";
import type { FirestoreContext } from "./context";
import { keyedBatches, keyedTurns } from "./keyed-batches";
import { COLLECTIONS, byCartOrder, cartItemFromDoc, productFromDoc } from "./mapping";
import { docId } from "./paths";

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

  // A process never contends with itself on a cart: its writes to one cart
  // take turns, one transaction at a time (a merge waits for both its carts).
  // Two transactions that read one cart and then write it would each wait
  // for the lock the other's read holds, until one is aborted and rerun after
  // a backoff: at once on Cloud Firestore, after a 2 s lock timeout on the
  // emulator. Other instances are kept exact by the transactions.
  const inCartTurn = keyedTurns();
  /** A cart write's transaction, in its carts' turn; dropped unrun once its caller has been told "unavailable". */
  const cartTransaction = <T>(owners: CartOwner[], signal: AbortSignal, update: (tx: Transaction) => Promise<T>) =>
    inCartTurn(owners, () => db.runTransaction(update), signal);
  // One transaction per batch of adds to one cart (cart-add-batch.ts says why and how).
  const submitAdd = keyedBatches<QueuedAdd, LineAddResult>((owner, adds) =>
    inCartTurn([owner], () => runAddBatch({ db, cartClock, productRef, refs }, adds)),
  );

  return {
    listCart: (owner) => guard(async () => toItems(await refs(owner).lines.get())),

    // One read, whatever the cart holds: the cart's own document (its count
    // and, for a guest, its lines' expiry), or for an account cart from
    // before the counter its first line.
    hasCart: (owner) =>
      guard(async () => {
        const { counter, lines } = refs(owner);
        const cart = await counter.get();
        const count = cart.get("lines");
        if (typeof count === "number") {
          const expiresAt = cart.get("expiresAt");
          return count > 0 && (!(expiresAt instanceof Timestamp) || isLive(expiresAt.toMillis(), cartClock()));
        }
        // Every change to a guest's cart writes its document: without one it has no lines.
        if (owner.startsWith("guest:")) return false;
        const [first] = (await lines.select().limit(1).get()).docs;
        return first !== undefined;
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
      guard(({ signal }) =>
        cartTransaction([owner], signal, async (tx) => {
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
      guard(({ signal }) =>
        cartTransaction([owner], signal, async (tx) => {
          const cart = await readCartForWrite(tx, refs(owner), cartClock(), [productId]);
          if (!cart.line(productId)) return false;
          cart.remove(productId);
          await cart.commit();
          return true;
        }),
      ),

    mergeCarts: (from, into) =>
      guard(async ({ signal }) => {
        const dropped =
          from === into
            ? []
            : await cartTransaction([from, into], signal, async (tx): Promise<CartItem[]> => {
                const at = cartClock();
                const guest = await readCartForWrite(tx, refs(from), at, [], { whole: true });
                const moving = guest.lines();
                if (moving.length === 0) return [];
                const account = await readCartForWrite(
                  tx,
                  refs(into),
                  at,
                  moving.map((line) => line.productId),
                );
                const inCart = (id: string) => account.line(id) !== null;
                const plan = planMerge(moving, inCart, moving.every((line) => inCart(line.productId)) ? 0 : await account.count());
                for (const line of plan.join) {
                  // Quantities add; a merge never fails a sign-in, so it caps instead of refusing.
                  account.setQuantity(
                    line.productId,
                    Math.min(account.line(line.productId)!.quantity + line.quantity, LIMITS.lineQuantityMax),
                  );
                }
                for (const line of plan.add) account.put(line);
                for (const line of moving) guest.remove(line.productId);
                await account.commit();
                await guest.commit();
                return plan.dropped;
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
