/**
 * The operator's shipping zones on Firestore (../contract/shipping.ts): one
 * document, settings/shipping, {zones, revision, updatedBy, updatedAt}. No
 * document yet: the defaults at revision 0. A save is a transaction that
 * reads the revision and writes the next, so of two saves from the same
 * revision one is refused. A placement reads the same document in its own
 * transaction (place-order.ts), so a save and a placement never cross.
 */
import type { DocumentSnapshot, Firestore } from "firebase-admin/firestore";
import { StoreError } from "../contract/errors";
import { DEFAULT_SHIPPING_ZONES, type ShippingRates, type ShippingStore, type ShippingZone } from "../contract/shipping";
import type { FirestoreContext } from "./context";

const SETTINGS_COLLECTION = "settings";
const SHIPPING_DOC = "shipping";

export const shippingRef = (db: Firestore) => db.collection(SETTINGS_COLLECTION).doc(SHIPPING_DOC);

/** The zones a settings/shipping snapshot holds; the defaults when it does not exist. */
export function shippingOfSnap(snap: DocumentSnapshot): ShippingRates {
  if (!snap.exists) return { zones: [...DEFAULT_SHIPPING_ZONES], revision: 0 };
  return { zones: snap.get("zones") as ShippingZone[], revision: snap.get("revision") as number };
}

export function firestoreShipping({ db, guard }: FirestoreContext): ShippingStore {
  const ref = shippingRef(db);
  return {
    getShippingZones: () => guard(async () => shippingOfSnap(await ref.get())),
    setShippingZones: (zones, expected, by) =>
      guard(() =>
        db.runTransaction(async (tx) => {
          const current = shippingOfSnap(await tx.get(ref));
          if (current.revision !== expected) {
            throw new StoreError("conflict", `The shipping zones changed since revision ${expected} (now ${current.revision})`, {
              revision: String(current.revision),
            });
          }
          const revision = expected + 1;
          tx.set(ref, { zones, revision, updatedBy: by, updatedAt: Date.now() });
          return { zones, revision };
        }),
      ),
  };
}
