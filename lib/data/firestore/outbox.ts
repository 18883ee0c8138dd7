/**
 * The email outbox on Firestore: outbox/{id} (order-docs.ts), written in the
 * transaction of the order change it tells of (orders.ts), or alone for an
 * account's email (queueEmail: orderId null). A claim is a
 * transaction over the due pending emails (state ==, dueAt <=: a composite
 * index, query-shapes.ts) that sets each one's lease and moves its dueAt to
 * the lease's end, so a claim running after it passes it over until then.
 * Arguments arrive parsed (validating-store.ts).
 */
import type { Firestore, Transaction } from "firebase-admin/firestore";
import { StoreError } from "../contract/errors";
import { newId } from "../rules/ids";
import { accountMessageId } from "../rules/account-emails";
import type { EmailDraft, OutboxStore } from "../contract/outbox";
import type { FirestoreContext } from "./context";
import { ORDER_COLLECTIONS, outboxEmailFromDoc, type OutboxDoc } from "./order-docs";
import { grpcCode } from "./guard";
import { docId } from "./paths";

/** Stages an email in `tx`, due at once: the order change's own transaction writes it. */
export function stageEmail(
  db: Firestore,
  tx: Transaction,
  orderId: string,
  revision: number,
  messageId: string,
  email: EmailDraft,
  at: number,
): void {
  tx.create(db.collection(ORDER_COLLECTIONS.outbox).doc(newId()), outboxDoc(orderId, revision, messageId, email, at));
}

/** An outbox email as written: pending, due at `at`. */
function outboxDoc(orderId: string | null, revision: number, messageId: string, email: EmailDraft, at: number): OutboxDoc {
  return {
    orderId,
    revision,
    messageId,
    to: email.to,
    subject: email.subject,
    text: email.text,
    state: "pending",
    attempts: 0,
    dueAt: at,
    leasedUntil: null,
    lastError: null,
    createdAt: at,
  };
}

const NOT_FOUND = 5;

/** An update of an email that is not there is not_found, as on SQLite. */
const notFound = (id: string) => (error: unknown) => {
  if (grpcCode(error) === NOT_FOUND) throw new StoreError("not_found", `No email with id ${id} in the outbox`);
  throw error;
};

export function firestoreOutbox({ db, guard, cartClock }: FirestoreContext): OutboxStore {
  const outbox = db.collection(ORDER_COLLECTIONS.outbox);
  const emailRef = (id: string) => outbox.doc(docId(id, "email id"));
  return {
    queueEmail: (email) =>
      guard(async () => {
        await outbox.doc(newId()).create(outboxDoc(null, 0, accountMessageId(), email, cartClock()));
      }),
    claimDueEmails: (now, limit, leaseMs) =>
      guard(() =>
        db.runTransaction(async (tx) => {
          const due = await tx.get(outbox.where("state", "==", "pending").where("dueAt", "<=", now).orderBy("dueAt").limit(limit));
          const until = now + leaseMs;
          return due.docs.map((snap) => {
            const attempts = Number(snap.get("attempts") ?? 0) + 1;
            tx.update(snap.ref, { leasedUntil: until, dueAt: until, attempts });
            return outboxEmailFromDoc(snap.id, { ...snap.data(), attempts, dueAt: until });
          });
        }),
      ),
    markEmailSent: (id) =>
      guard(async () => {
        await emailRef(id).update({ state: "sent", leasedUntil: null }).catch(notFound(id));
      }),
    markEmailFailed: (id, error, retryAt) =>
      guard(async () => {
        await emailRef(id)
          .update(
            retryAt === null
              ? { state: "failed", leasedUntil: null, lastError: error }
              : { state: "pending", dueAt: retryAt, leasedUntil: null, lastError: error },
          )
          .catch(notFound(id));
      }),
    // An order has a handful of emails: read by orderId alone (its single-field index) and ordered here.
    listOrderEmails: (orderId) =>
      guard(async () => {
        const snaps = (await outbox.where("orderId", "==", orderId).get()).docs;
        return snaps
          .sort((a, b) => a.get("createdAt") - b.get("createdAt") || a.get("revision") - b.get("revision"))
          .map((snap) => outboxEmailFromDoc(snap.id, snap.data()));
      }),
  };
}
