/** A product's stock document, stock/{productId} (order-docs.ts): its count, or none when the product is not tracked. */
import type { DocumentReference, DocumentSnapshot, Firestore } from "firebase-admin/firestore";
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
