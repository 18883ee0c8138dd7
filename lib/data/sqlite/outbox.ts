/**
 * The email outbox on SQLite: one row per email, written in the transaction
 * of the order change it tells of (orders.ts), or alone for an account's
 * email (queueEmail: order_id NULL), claimed by lease: a claim
 * sets leased_until and moves due_at to the lease's end, so the next claim
 * passes it over until then. Arguments arrive parsed (validating-store.ts).
 */
import type Database from "better-sqlite3";
import { StoreError } from "../contract/errors";
import { newId } from "../rules/ids";
import { accountMessageId } from "../rules/account-emails";
import type { EmailDraft, OutboxStore } from "../contract/outbox";
import type { SqliteContext } from "./context";
import { toOutboxEmail, type OutboxRow } from "./order-rows";

/** Writes an email to the outbox, due at once: inside an order's transaction, or alone for an account's (orderId null). */
export function outboxWriter(db: Database.Database): (orderId: string | null, messageId: string, email: EmailDraft, at: number) => void {
  const insert = db.prepare(
    `INSERT INTO outbox (id, order_id, message_id, to_address, subject, text, state, attempts, due_at, leased_until, last_error, created_at, seq)
     VALUES (@id, @order_id, @message_id, @to_address, @subject, @text, 'pending', 0, @at, NULL, NULL, @at,
             (SELECT COALESCE(MAX(seq), 0) + 1 FROM outbox))`,
  );
  return (orderId, messageId, email, at) =>
    void insert.run({
      id: newId(),
      order_id: orderId,
      message_id: messageId,
      to_address: email.to,
      subject: email.subject,
      text: email.text,
      at,
    });
}

const noEmail = (id: string) => new StoreError("not_found", `No email with id ${id} in the outbox`);

export function sqliteOutbox({ db, run, cartClock }: SqliteContext): OutboxStore {
  const sql = {
    due: db.prepare<[number, number], OutboxRow>(
      "SELECT * FROM outbox WHERE state = 'pending' AND due_at <= ? ORDER BY due_at, seq LIMIT ?",
    ),
    lease: db.prepare("UPDATE outbox SET leased_until = @until, due_at = @until, attempts = attempts + 1 WHERE id = @id"),
    sent: db.prepare("UPDATE outbox SET state = 'sent', leased_until = NULL WHERE id = ?"),
    // A retry is due at retryAt; an email failed for good keeps its last due time.
    failed: db.prepare(
      "UPDATE outbox SET state = @state, due_at = COALESCE(@due, due_at), leased_until = NULL, last_error = @error WHERE id = @id",
    ),
    ofOrder: db.prepare<[string], OutboxRow>("SELECT * FROM outbox WHERE order_id = ? ORDER BY created_at, seq"),
  };

  const claimTx = db.transaction((now: number, limit: number, leaseMs: number) => {
    const rows = sql.due.all(now, limit);
    const until = now + leaseMs;
    for (const row of rows) sql.lease.run({ until, id: row.id });
    return rows.map((row) => toOutboxEmail({ ...row, attempts: row.attempts + 1, due_at: until, leased_until: until }));
  });

  const writeEmail = outboxWriter(db);

  return {
    queueEmail: (email) => run(() => writeEmail(null, accountMessageId(), email, cartClock())),
    claimDueEmails: (now, limit, leaseMs) => run(() => claimTx.immediate(now, limit, leaseMs)),
    markEmailSent: (id) =>
      run(() => {
        if (sql.sent.run(id).changes === 0) throw noEmail(id);
      }),
    markEmailFailed: (id, error, retryAt) =>
      run(() => {
        if (sql.failed.run({ id, error, state: retryAt === null ? "failed" : "pending", due: retryAt }).changes === 0) throw noEmail(id);
      }),
    listOrderEmails: (orderId) => run(() => sql.ofOrder.all(orderId).map(toOutboxEmail)),
  };
}
