/** Revoked sessions on Firestore: revokedSessions/{sid}. Arguments arrive parsed (validating-store.ts). */
import { Timestamp } from "firebase-admin/firestore";
import type { SessionStore } from "../contract/sessions";
import type { FirestoreContext } from "./context";
import { COLLECTIONS, type RevokedSessionDoc } from "./mapping";
import { docId } from "./paths";

export function firestoreSessions({ db, guard }: FirestoreContext): SessionStore {
  const revokedRef = (sid: string) => db.collection(COLLECTIONS.revokedSessions).doc(docId(sid, "session id"));
  return {
    revokeSession: (sid, until) =>
      guard(async () => {
        const ref = revokedRef(sid);
        // A transaction so two sign-outs of the same session keep the later expiry.
        await db.runTransaction(async (tx) => {
          const existing = (await tx.get(ref)).get("expiresAt");
          const kept = existing instanceof Timestamp && existing.toMillis() > until ? existing.toMillis() : until;
          const doc: RevokedSessionDoc = { expiresAt: Timestamp.fromMillis(kept) };
          tx.set(ref, doc);
        });
      }),

    isSessionRevoked: (sid) =>
      guard(async () => {
        const snap = await revokedRef(sid).get();
        const expiresAt = snap.get("expiresAt");
        return snap.exists && expiresAt instanceof Timestamp && expiresAt.toMillis() > Date.now();
      }),
  };
}
