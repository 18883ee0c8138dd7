/**
 * A card order's current Stripe Checkout Session on Firestore
 * (OrderStore.setCardSession): one transaction reads the order and updates
 * its `cardSession` field (../rules/card-session.ts), so a step committing
 * at the same time makes one of them run again on the other's write.
 * Arguments arrive parsed (validating-store.ts); ids still pass docId.
 */
import { StoreError } from "../contract/errors";
import type { OrderStore } from "../contract/order-store";
import { orderWithCardSession } from "../rules/card-session";
import type { FirestoreContext } from "./context";
import { ORDER_COLLECTIONS, orderFromDoc } from "./order-docs";
import { docId } from "./paths";

export function firestoreCardSessions({ db, guard }: FirestoreContext): Pick<OrderStore, "setCardSession"> {
  const orderRef = (id: string) => db.collection(ORDER_COLLECTIONS.orders).doc(docId(id, "order id"));
  return {
    setCardSession: (orderId, sessionId) =>
      guard(() =>
        db.runTransaction(async (tx) => {
          const ref = orderRef(orderId);
          const snap = await tx.get(ref);
          if (!snap.exists) throw new StoreError("not_found", `No order with id ${orderId}`);
          const before = orderFromDoc(snap.id, snap.data()!);
          const after = orderWithCardSession(before, sessionId);
          if (after !== before) tx.update(ref, { cardSession: sessionId });
        }),
      ),
  };
}
