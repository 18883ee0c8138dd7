/**
 * One batch of adds to one cart, in one commit. Adds to a cart are grouped
 * per process (keyed-batches.ts): the adds waiting while one batch runs go
 * into the next one together, so a process never contends with itself on a
 * cart. Against other instances the batch reads the cart unlocked and
 * commits with that read's preconditions (cart-write.ts): a batch from
 * another instance that commits first makes this one run again on the cart
 * it left. The products are read in the transaction (an edit or a delete
 * waits for it).
 *
 * Each add brings its caller's deadline. An add whose caller has been told
 * "unavailable" while the batch waited for the cart (a lock held by another
 * instance, or by one that was killed mid-commit) is left out of the write:
 * the shopper will press again, and both would count.
 */
import type { DocumentReference, Firestore, Transaction } from "firebase-admin/firestore";
import { lineExpiry, newCartLine } from "../rules/cart-bounds";
import { StoreError } from "../contract/errors";
import type { CartOwner, LineAddResult } from "../contract/cart";
import type { Product } from "../contract/catalog";
import { applyCartAdds, type CartAdd } from "./cart-adds";
import { readCartForWrite, type CartRefs } from "./cart-write";
import type { CallDeadline } from "./guard";
import type { Outcome } from "./keyed-batches";
import { productFromDoc } from "./mapping";
import { rerunWhileMoved } from "./unlocked-reads";

/** An add waiting for its cart's next batch, with its caller's deadline. */
export interface QueuedAdd extends CartAdd {
  deadline: CallDeadline;
}

interface AddBatchContext {
  db: Firestore;
  cartClock: () => number;
  productRef: (id: string) => DocumentReference;
  refs: (owner: CartOwner) => CartRefs;
}

/** Runs `adds` (all to one owner's cart) in one transaction: each add's outcome, in order. */
export async function runAddBatch(context: AddBatchContext, adds: QueuedAdd[]): Promise<Outcome<LineAddResult>[]> {
  const claimed: CallDeadline[] = [];
  const releaseClaims = (committed: boolean) => claimed.splice(0).forEach((d) => d.release(committed));
  try {
    const outcomes = await rerunWhileMoved(() =>
      context.db.runTransaction(
        async (tx) => {
          releaseClaims(false); // a rerun: the attempt before it wrote nothing
          // Claimed once the reads have answered, right before the write (guard.ts).
          let writable: QueuedAdd[] = [];
          const claimWritable = () =>
            (writable = adds.filter((add) => {
              if (!add.deadline.claim()) return false;
              claimed.push(add.deadline);
              return true;
            }));
          const written = await writeAdds(context, tx, adds, claimWritable);
          return adds.map((add): Outcome<LineAddResult> => {
            const i = writable.indexOf(add);
            return i >= 0 ? written[i] : { ok: false, error: new StoreError("unavailable", "Its caller gave up before the write") };
          });
        },
        { maxAttempts: 20 },
      ),
    );
    releaseClaims(true);
    return outcomes;
  } finally {
    releaseClaims(false);
  }
}

/**
 * Reads the products in `tx` and the cart unlocked, then writes the adds
 * `claimWritable` still allows: their outcomes, in the order it returned them.
 */
async function writeAdds(
  { cartClock, productRef, refs }: AddBatchContext,
  tx: Transaction,
  adds: QueuedAdd[],
  claimWritable: () => QueuedAdd[],
): Promise<Outcome<LineAddResult>[]> {
  const { owner } = adds[0];
  const at = cartClock();
  const ids = [...new Set(adds.map((add) => add.productId))];
  const [productSnaps, cart] = await Promise.all([tx.getAll(...ids.map(productRef)), readCartForWrite(refs(owner), at, ids)]);
  const products = new Map<string, Product | null>(
    ids.map((id, i) => [id, productSnaps[i].exists ? productFromDoc(productSnaps[i]) : null]),
  );
  // The count costs an account's cart a read: only when an add may create a line.
  const lines = ids.some((id) => cart.line(id) === null) ? await cart.count() : 0;
  const writable = claimWritable();
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
  await cart.commit(tx);
  return outcomes;
}
