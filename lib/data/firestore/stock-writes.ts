/**
 * How order writes read and write stock/{productId} (order-docs.ts).
 *
 * A placement holds no lock on a stock document (unlocked-reads.ts): it
 * reads the counts outside its transaction, and writes each count it takes
 * from with the precondition that the document has not changed since that
 * read (its update time). Of two checkouts of the last unit the first commit
 * lands, the second finds its precondition failed (or the document deleted:
 * the product no longer tracked), wrote nothing, and runs again
 * (place-order.ts), reading the new count.
 *
 * A product without a stock document (not tracked) takes nothing and carries
 * no precondition: should the operator start tracking it while the order is
 * placed, the order counts as placed just before (it reads nothing the
 * operator's write changes). A step giving stock back (takeOrderStep) and the
 * operator's setStock read the document in their transaction, as before:
 * a placement committing meanwhile waits for them, then reruns.
 */
import type { DocumentReference, Firestore, Timestamp, Transaction } from "firebase-admin/firestore";
import type { StockCount } from "../contract/order-store";
import { shownStockChanges } from "../rules/stock-notices";
import { inStockFlips } from "../rules/stock-shown";
import { stockOf } from "./stock-docs";

/**
 * What a stock-writing transaction returns: its result, the stock notice it
 * staged (if any) to announce once committed, and the products whose stock
 * crossed zero, whose in-stock flags are set once committed.
 */
export interface WithNotice<T> {
  result: T;
  notice: { id: string; productIds: string[] } | null;
  flips?: string[];
}

/** Counts read outside a transaction, and the update time each tracked one was read at. */
export interface UnlockedStock {
  counts: Map<string, StockCount>;
  readAt: Map<string, Timestamp>;
}

/** Reads the stock of `ids` outside any transaction: no lock is taken. */
export async function readStockUnlocked(
  db: Firestore,
  stockRef: (id: string) => DocumentReference,
  ids: readonly string[],
): Promise<UnlockedStock> {
  const snaps = ids.length === 0 ? [] : await db.getAll(...ids.map(stockRef));
  const counts = new Map<string, StockCount>();
  const readAt = new Map<string, Timestamp>();
  ids.forEach((id, i) => {
    counts.set(id, stockOf(snaps[i]));
    if (counts.get(id) !== null && snaps[i].updateTime) readAt.set(id, snaps[i].updateTime);
  });
  return { counts, readAt };
}

interface StockNotices {
  stage(tx: Transaction, productIds: readonly string[]): string | null;
}

/**
 * Returns `stageStock(tx, before, after, readAt?)`: stages each tracked
 * product's count of `after` that differs from `before` (with the
 * precondition of `readAt`, for a count read unlocked) and, when some shown
 * stock moved, the notice naming those products. Says which products'
 * stock crossed zero (`flips`): the caller sets their in-stock flags once
 * the transaction has committed (in-stock.ts syncInStockFlags says why not
 * in it).
 */
export function stockStager(stockRef: (id: string) => DocumentReference, notices: StockNotices) {
  return (
    tx: Transaction,
    before: ReadonlyMap<string, StockCount>,
    after: ReadonlyMap<string, StockCount>,
    readAt?: ReadonlyMap<string, Timestamp>,
  ) => {
    for (const [productId, count] of after) {
      if (count === null || count === before.get(productId)) continue;
      if (!readAt) {
        tx.update(stockRef(productId), { count });
        continue;
      }
      const lastUpdateTime = readAt.get(productId);
      if (!lastUpdateTime) throw new Error(`The stock of ${productId} was not read before its write`);
      tx.update(stockRef(productId), { count }, { lastUpdateTime });
    }
    const productIds = shownStockChanges(before, after);
    const id = notices.stage(tx, productIds);
    return { productIds, notice: id === null ? null : { id, productIds }, flips: inStockFlips(before, after) };
  };
}
