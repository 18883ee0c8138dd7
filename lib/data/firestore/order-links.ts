/**
 * A guest's new order link and an order's live revision on Firestore
 * (OrderStore.addOrderLink, watchOrder). A link is one transaction: it reads
 * the order, then writes its token hashes (../rules/order-links.ts,
 * order-docs.ts's linkFields) and the email that carries it. An order's
 * revision is followed by one document listener per followed order per
 * process (../revision-feed.ts), reopened after an error: one read when it
 * opens and one per write to the order. Arguments arrive parsed
 * (validating-store.ts); ids still pass docId (paths.ts).
 */
import type { DocumentSnapshot } from "firebase-admin/firestore";
import { StoreError } from "../contract/errors";
import type { OrderStore } from "../contract/order-store";
import { linkMessageId, orderWithLink } from "../rules/order-links";
import { revisionFeed } from "../revision-feed";
import type { FirestoreContext } from "./context";
import { linkFields, ORDER_COLLECTIONS, orderFromDoc } from "./order-docs";
import { stageEmail } from "./outbox";
import { docId } from "./paths";
import { resilientListener } from "./resilient-listener";

export function firestoreOrderLinks({
  db,
  guard,
  cartClock,
  options,
  onClose,
  ensureOpen,
}: FirestoreContext): Pick<OrderStore, "addOrderLink" | "watchOrder"> {
  const orderRef = (id: string) => db.collection(ORDER_COLLECTIONS.orders).doc(docId(id, "order id"));
  const feed = revisionFeed((orderId, emit) =>
    resilientListener<DocumentSnapshot>(
      "order listener",
      (next, fail) => orderRef(orderId).onSnapshot(next, fail),
      (snap) => {
        const revision = snap.get("revision");
        if (snap.exists && typeof revision === "number") emit(revision);
      },
      options.listeners,
    ),
  );
  onClose(() => feed.close());

  return {
    addOrderLink: (orderId, input) =>
      guard(() =>
        db.runTransaction(async (tx) => {
          const ref = orderRef(orderId);
          const snap = await tx.get(ref);
          if (!snap.exists) throw new StoreError("not_found", `No order with id ${orderId}`);
          const before = orderFromDoc(snap.id, snap.data()!);
          const after = orderWithLink(before, input);
          if (after !== before) tx.update(ref, linkFields(after.guestTokenHashes));
          stageEmail(db, tx, orderId, before.revision, linkMessageId(orderId), input.email(after), cartClock());
        }),
      ),
    watchOrder: (orderId, onRevision) => {
      ensureOpen();
      return feed.subscribe(orderId, onRevision);
    },
  };
}
