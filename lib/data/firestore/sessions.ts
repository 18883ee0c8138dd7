/**
 * Ended sessions on Firestore: revokedSessions/{sid} and
 * accountSessionCutoffs/{uid}, both read in one round trip (getAll).
 * Arguments arrive parsed (validating-store.ts).
 */
import { Timestamp, type DocumentReference, type DocumentSnapshot } from "firebase-admin/firestore";
import type { SessionStore } from "../contract/sessions";
import type { FirestoreContext } from "./context";
import { COLLECTIONS, type AccountSessionCutoffDoc, type RevokedSessionDoc } from "./mapping";
import { docId } from "./paths";

/** A Timestamp field's milliseconds; null when missing or not a Timestamp. */
const millisOf = (snap: DocumentSnapshot, field: string): number | null => {
  const value = snap.get(field);
  return value instanceof Timestamp ? value.toMillis() : null;
};

/** The later of a stored Timestamp field and `ms`. */
const later = (snap: DocumentSnapshot, field: string, ms: number) => Timestamp.fromMillis(Math.max(millisOf(snap, field) ?? ms, ms));

export function firestoreSessions({ db, guard }: FirestoreContext): SessionStore {
  const revokedRef = (sid: string) => db.collection(COLLECTIONS.revokedSessions).doc(docId(sid, "session id"));
  const cutoffRef = (uid: string) => db.collection(COLLECTIONS.accountSessionCutoffs).doc(docId(uid, "user id"));
  const live = (snap: DocumentSnapshot, now: number) => snap.exists && (millisOf(snap, "expiresAt") ?? 0) > now;
  return {
    revokeSession: (sid, until) =>
      guard(async () => {
        const ref = revokedRef(sid);
        // A transaction so two sign-outs of the same session keep the later expiry.
        await db.runTransaction(async (tx) => {
          const doc: RevokedSessionDoc = { expiresAt: later(await tx.get(ref), "expiresAt", until) };
          tx.set(ref, doc);
        });
      }),

    endAccountSessions: (uid, before, until) =>
      guard(async () => {
        const ref = cutoffRef(uid);
        // A transaction so two ends at once keep the later cut-off and expiry.
        await db.runTransaction(async (tx) => {
          const existing = await tx.get(ref);
          const doc: AccountSessionCutoffDoc = {
            endedBefore: later(existing, "endedBefore", before),
            expiresAt: later(existing, "expiresAt", until),
          };
          tx.set(ref, doc);
        });
      }),

    isSessionRevoked: (sid, owner) =>
      guard(async () => {
        const refs: DocumentReference[] = owner === undefined ? [revokedRef(sid)] : [revokedRef(sid), cutoffRef(owner.uid)];
        const [revoked, cutoff] = await db.getAll(...refs);
        const now = Date.now();
        if (live(revoked, now)) return true;
        if (owner === undefined || cutoff === undefined) return false;
        return live(cutoff, now) && (millisOf(cutoff, "endedBefore") ?? 0) > owner.signedInAt;
      }),
  };
}
