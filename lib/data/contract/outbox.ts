/**
 * The email outbox: an email as written in an order's transaction, or an
 * account's (queueEmail), its life until sent, and the store's methods.
 */
import { emailSchema, singleLine } from "./fields";
import { z } from "./zod";

/** An email to send, as written to the outbox. */
export const emailDraftSchema = z.strictObject({
  to: emailSchema,
  subject: singleLine("Subject", 300),
  text: z.string({ error: "Text must be text" }).min(1, "Text is required").max(20_000, "Text must be at most 20,000 characters"),
});
export type EmailDraft = z.output<typeof emailDraftSchema>;

export const OUTBOX_STATES = ["pending", "sent", "failed"] as const;

/** An email in the outbox. */
export interface OutboxEmail extends EmailDraft {
  id: string;
  /** The order it tells of; null for an account's email (a password reset link). */
  orderId: string | null;
  /** Fixed per outbox entry, so a resent email is recognised as the same message. */
  messageId: string;
  state: (typeof OUTBOX_STATES)[number];
  /** Sends tried so far. */
  attempts: number;
  /** When it may be claimed next. */
  dueAt: number;
  lastError: string | null;
  createdAt: number;
}

/** How long a claim holds an email. */
export const leaseMsSchema = z
  .number({ error: "Lease must be a number" })
  .int("Lease must be whole milliseconds")
  .min(1, "Lease must be at least 1 ms")
  .max(60 * 60 * 1000, "Lease must be at most an hour");

/** A failed send's error, as the outbox keeps it (its first 1,000 characters). */
export const sendErrorSchema = z.string({ error: "Error must be text" }).transform((s) => s.slice(0, 1000));

export interface OutboxStore {
  /**
   * Writes an email about no order (an account's: a password reset link),
   * due at once, with its own Message-ID. An order's emails are written by
   * the order's own transaction instead.
   */
  queueEmail(email: EmailDraft): Promise<void>;
  /**
   * Claims up to `limit` pending emails due by `now`, each for `leaseMs`:
   * a claimed email is not claimed again before its lease ends, so one claim
   * sends at most once. Raises each one's attempts.
   */
  claimDueEmails(now: number, limit: number, leaseMs: number): Promise<OutboxEmail[]>;
  /** Marks a claimed email sent. */
  markEmailSent(id: string): Promise<void>;
  /** A failed send: due again at `retryAt`, or `failed` for good when retryAt is null. */
  markEmailFailed(id: string, error: string, retryAt: number | null): Promise<void>;
  /** An order's emails, oldest first (the desk shows their state). */
  listOrderEmails(orderId: string): Promise<OutboxEmail[]>;
}
