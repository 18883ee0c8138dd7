/**
 * Carts on Firestore: carts/{owner}/items/{productId}, one document per line
 * in the spec's fields (mapping.ts). Every write reads the cart as
 * cart-write.ts does, outside its transaction, and commits with that read's
 * preconditions, run again while another writer's commit moves the cart
 * first (unlocked-reads.ts). Arguments arrive parsed (validating-store.ts);
 * ids still pass docId (paths.ts).
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
import { rerunWhileMoved } from "./unlocked-reads";

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
  // take turns, one at a time (a merge waits for both its carts), so only
  // another instance's commit can move a cart under a write.
  const inCartTurn = keyedTurns();
  /**
   * A cart write, in its carts' turn, dropped unrun once its caller has been
   * told "unavailable": `change` reads (unlocked) and returns its result and
   * the writes to commit (none: nothing to change), run again should another
   * instance's commit land first.
   */
  const cartWrite = <T>(
    owners: CartOwner[],
    signal: AbortSignal,
    change: () => Promise<{ result: T; stage?: (tx: Transaction) => Promise<void> }>,
  ) =>
    inCartTurn(
      owners,
      () =>
        rerunWhileMoved(async () => {
          const { result, stage } = await change();
          if (stage) await db.runTransaction(stage);
          return result;
        }, signal),
      signal,
    );
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

    // The product must exist (a deleted product's line can only be removed;
    // one deleted at the same moment is read unlocked, so its line may still
    // take the new number and shows unavailable like any other) and the line
    // must be there; the quantity written is the shopper's whole new number,
    // so concurrent sets end at the last one, never at a sum.
    setLineQuantity: (owner, productId, quantity) =>
      guard(({ signal }) =>
        cartWrite([owner], signal, async () => {
          const at = cartClock();
          const [productSnap, cart] = await Promise.all([productRef(productId).get(), readCartForWrite(refs(owner), at, [productId])]);
          if (!productSnap.exists || !productFromDoc(productSnap)) throw new StoreError("not_found", `No product with id ${productId}`);
          const line = cart.line(productId);
          if (!line) return { result: null };
          cart.setQuantity(productId, quantity);
          return { result: { ...line, quantity, expiresAt: lineExpiry(owner, at) }, stage: cart.commit };
        }),
      ),

    removeLine: (owner, productId) =>
      guard(({ signal }) =>
        cartWrite([owner], signal, async () => {
          const cart = await readCartForWrite(refs(owner), cartClock(), [productId]);
          if (!cart.line(productId)) return { result: false };
          cart.remove(productId);
          return { result: true, stage: cart.commit };
        }),
      ),

    mergeCarts: (from, into) =>
      guard(async ({ signal }) => {
        const dropped =
          from === into
            ? []
            : await cartWrite([from, into], signal, async () => {
                const at = cartClock();
                const guest = await readCartForWrite(refs(from), at, [], { whole: true });
                const moving = guest.lines();
                if (moving.length === 0) return { result: [] as CartItem[] };
                const account = await readCartForWrite(
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
                const stage = async (tx: Transaction) => {
                  await account.commit(tx);
                  await guest.commit(tx);
                };
                return { result: plan.dropped, stage };
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
