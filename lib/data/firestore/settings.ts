/**
 * One operator setting on Firestore: a document of `settings` by key —
 * settings/shipping ({zones}), settings/payments ({payOnDelivery}) — its
 * value in one field, with its revision and who saved it when. No document
 * yet: the setting's default at revision 0. A save is a transaction that
 * reads the revision and writes the next, so of two saves from the same
 * revision one is refused. A placement reads the same documents in its own
 * transaction (place-order.ts), so a save and a placement never cross.
 */
import type { DocumentSnapshot, Firestore } from "firebase-admin/firestore";
import { StoreError } from "../contract/errors";
import type { FirestoreContext } from "./context";

const SETTINGS_COLLECTION = "settings";

export interface Revised<T> {
  value: T;
  revision: number;
}

export interface Setting<T> {
  /** The document's id. */
  key: string;
  /** The document's field that holds the value. */
  field: string;
  /** The value before the first save. */
  fallback: () => T;
  /** What the setting is, in a conflict's words ("The shipping zones"). */
  what: string;
}

export const settingRef = <T>(db: Firestore, setting: Setting<T>) => db.collection(SETTINGS_COLLECTION).doc(setting.key);

/** The setting a snapshot of its document holds; the default when it does not exist. */
export function settingOfSnap<T>(snap: DocumentSnapshot, setting: Setting<T>): Revised<T> {
  if (!snap.exists) return { value: setting.fallback(), revision: 0 };
  return { value: snap.get(setting.field) as T, revision: snap.get("revision") as number };
}

/** The setting's read and its save from an expected revision. */
export function firestoreSetting<T>({ db, guard }: FirestoreContext, setting: Setting<T>) {
  const ref = settingRef(db, setting);
  return {
    get: () => guard(async () => settingOfSnap(await ref.get(), setting)),
    set: (value: T, expected: number, by: string) =>
      guard(() =>
        db.runTransaction(async (tx): Promise<Revised<T>> => {
          const current = settingOfSnap(await tx.get(ref), setting);
          if (current.revision !== expected) {
            throw new StoreError("conflict", `${setting.what} changed since revision ${expected} (now ${current.revision})`, {
              revision: String(current.revision),
            });
          }
          const revision = expected + 1;
          tx.set(ref, { [setting.field]: value, revision, updatedBy: by, updatedAt: Date.now() });
          return { value, revision };
        }),
      ),
  };
}
