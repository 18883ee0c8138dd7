/** A product's stock document, stock/{productId} (order-docs.ts): its count, or none when the product is not tracked. */
import { FieldPath, type DocumentReference, type DocumentSnapshot, type Firestore } from "firebase-admin/firestore";
import type { StockCount } from "../contract/order-store";
import { ORDER_COLLECTIONS } from "./order-docs";

/** A product's stock document. */
export function stockDoc(db: Firestore, productId: string): DocumentReference {
  return db.collection(ORDER_COLLECTIONS.stock).doc(productId);
}

/** A stock document's count; null when there is none (not tracked). */
export function stockOf(snap: DocumentSnapshot): StockCount {
  const count = snap.get("count");
  return snap.exists && typeof count === "number" ? count : null;
}

/** The most values one `in` filter takes (Firestore's limit). */
const IN_QUERY_MAX = 30;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * The stock of each of `productIds` (null: not tracked), outside any
 * transaction. Queries by id, 30 at a time, rather than one get of every
 * id: a get bills each document asked for, missing or not, a query only
 * those it returns (one read when none). Most products track no stock, so
 * the 40 products home shows cost 2 reads, not 40.
 */
export async function readStockCounts(db: Firestore, productIds: readonly string[]): Promise<Map<string, StockCount>> {
  const ids = [...new Set(productIds)];
  const found = new Map<string, StockCount>();
  const answers = await Promise.all(
    chunks(ids, IN_QUERY_MAX).map((some) =>
      db
        .collection(ORDER_COLLECTIONS.stock)
        .where(
          FieldPath.documentId(),
          "in",
          some.map((id) => stockDoc(db, id)),
        )
        .get(),
    ),
  );
  for (const snap of answers.flatMap((answer) => answer.docs)) found.set(snap.id, stockOf(snap));
  return new Map(productIds.map((id): [string, StockCount] => [id, found.get(id) ?? null]));
}
