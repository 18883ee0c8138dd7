/** Shoppers' profiles on Firestore: user/{uid}. Arguments arrive parsed (validating-store.ts). */
import { Timestamp } from "firebase-admin/firestore";
import type { UserStore } from "../contract/users";
import type { FirestoreContext } from "./context";
import { grpcCode } from "./guard";
import { COLLECTIONS, userFromDoc, type UserDoc } from "./mapping";
import { docId } from "./paths";

// gRPC status code Firestore reports when create() finds the document there.
const ALREADY_EXISTS = 6;

export function firestoreUsers({ db, guard }: FirestoreContext): UserStore {
  const userRef = (uid: string) => db.collection(COLLECTIONS.users).doc(docId(uid, "user id"));
  return {
    getUser: (uid) =>
      guard(async () => {
        const snap = await userRef(uid).get();
        return snap.exists ? userFromDoc(uid, snap.data()!) : null;
      }),

    createUserIfMissing: (uid, input) =>
      guard(async () => {
        const ref = userRef(uid);
        const doc: UserDoc = { ...input, createdAt: Timestamp.now() };
        try {
          // create() fails when the document exists: never an overwrite, no race.
          await ref.create(doc);
          return { user: userFromDoc(uid, doc), created: true };
        } catch (error) {
          if (grpcCode(error) !== ALREADY_EXISTS) throw error;
          const snap = await ref.get();
          return { user: userFromDoc(uid, snap.data()!), created: false };
        }
      }),

    deleteUser: (uid) =>
      guard(async () => {
        await userRef(uid).delete();
      }),

    updateUserProfile: (uid, input) =>
      guard(() =>
        // One transaction: an existing profile gets the two fields and keeps every other (its creation
        // time as it was stored, whatever its form); a missing one is made whole.
        db.runTransaction(async (transaction) => {
          const ref = userRef(uid);
          const snap = await transaction.get(ref);
          if (!snap.exists) {
            const doc: UserDoc = { ...input, createdAt: Timestamp.now() };
            transaction.create(ref, doc);
            return userFromDoc(uid, doc);
          }
          transaction.update(ref, { displayName: input.displayName, email: input.email });
          return userFromDoc(uid, { ...snap.data(), ...input });
        }),
      ),
  };
}
