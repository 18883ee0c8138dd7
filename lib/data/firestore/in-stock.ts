/**
 * A product document's in-stock flag (`inStock`, ../rules/stock-shown.ts
 * isInStock), which the "in stock only" filter's indexes read. An add sets
 * it (a new product has no stock: in stock), an import sets it (a quiet
 * bulk import on every product it writes, from the stock read just before:
 * a sell-out of one of them committed in between is overwritten until that
 * product's next crossing; a recorded import only on a document that has
 * none, in its transaction), an edit leaves it, and every stock
 * write that crosses zero sets it right after its commit
 * (syncInStockFlags). A document written before the flag has none and is
 * left out of every filtered query until CatalogUpkeep sets it (npm run
 * doctor counts them).
 */
import type { DocumentReference, Firestore, Transaction } from "firebase-admin/firestore";
import { log } from "@/lib/log";
import { isInStock } from "../rules/stock-shown";
import { readStockCounts, stockOf } from "./stock-docs";

export const IN_STOCK = "inStock";

/** The flag each of `productIds` should hold, from their stock (stock-docs.ts readStockCounts: one read per tracked product). */
export async function inStockFlags(db: Firestore, productIds: readonly string[]): Promise<Map<string, boolean>> {
  if (productIds.length === 0) return new Map();
  const counts = await readStockCounts(db, productIds);
  return new Map(productIds.map((id) => [id, isInStock(counts.get(id) ?? null)]));
}

/**
 * The flags an import inside a transaction sets: for each product whose
 * document is new or has no flag yet, what its stock says, read with the
 * product in the transaction (locked, so no stock write crosses between).
 * A flagged document keeps its own (the stock writes keep it).
 */
export async function flagsToSetInTransaction(
  tx: Transaction,
  productIds: readonly string[],
  productRef: (id: string) => DocumentReference,
  stockRef: (id: string) => DocumentReference,
): Promise<Map<string, boolean>> {
  if (productIds.length === 0) return new Map();
  const snaps = await tx.getAll(...productIds.map(productRef), ...productIds.map(stockRef));
  const flags = new Map<string, boolean>();
  productIds.forEach((id, i) => {
    if (typeof snaps[i].get(IN_STOCK) !== "boolean") flags.set(id, isInStock(stockOf(snaps[productIds.length + i])));
  });
  return flags;
}

/** Attempts at one product's flag: each lost one saw the product written meanwhile (another flag, an edit). */
const SYNC_ATTEMPTS = 5;

/** gRPC's FAILED_PRECONDITION: a write's lastUpdateTime no longer holds. */
const FAILED_PRECONDITION = 9;

/**
 * Sets the in-stock flag of each of `productIds` (whose stock a committed
 * write moved across zero) to what its stock says now. Not in that write's
 * transaction: every checkout of a product reads (and so locks) its
 * document, and a checkout writing it would wait on the other checkouts of
 * it, the last unit's above all (tests/firestore-last-unit.test.ts).
 *
 * Each product's stock and document are read unlocked, and the flag written
 * with the precondition that the document is unchanged since: of two syncs
 * at once (a sell-out and a restock), the one that read the older stock
 * finds the other's write, reads again and writes the newer answer. A
 * deleted product is left alone. A sync that fails is logged (the write it
 * follows stands) and leaves that flag as it was until the product's next
 * crossing.
 */
export async function syncInStockFlags(
  db: Firestore,
  productRef: (id: string) => DocumentReference,
  stockRef: (id: string) => DocumentReference,
  productIds: readonly string[],
): Promise<void> {
  await Promise.all(
    productIds.map(async (id) => {
      try {
        for (let attempt = 1; ; attempt++) {
          const [product, stock] = await db.getAll(productRef(id), stockRef(id));
          if (!product.exists || !product.updateTime) return;
          try {
            await product.ref.update({ [IN_STOCK]: isInStock(stockOf(stock)) }, { lastUpdateTime: product.updateTime });
            return;
          } catch (error) {
            if ((error as { code?: unknown }).code !== FAILED_PRECONDITION || attempt >= SYNC_ATTEMPTS) throw error;
          }
        }
      } catch (error) {
        log.error("store.in_stock_flag_failed", "Could not set a product's in-stock flag after its stock crossed zero", error, {
          productId: id,
        });
      }
    }),
  );
}
