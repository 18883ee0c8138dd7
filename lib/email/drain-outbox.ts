/**
 * Sends what the outbox holds (DECISIONS "Orders"): emails written in the
 * transaction of the order change they tell of, sent after the response
 * (drainOutboxNow from `after()`), and again by the cron route for whatever a
 * failed send left behind.
 *
 * Each email is claimed with a lease before it is sent, and a claim sends it
 * at most once: two drains at once never send the same email twice. A send
 * that fails is classified: an SMTP 5xx reply is permanent (the server
 * refuses this email: an unknown mailbox, a rejected sender), anything else
 * (a 4xx reply, a refused or broken connection, a timeout, refused
 * credentials, which are the shop's to fix, not the email's) is transient.
 * Either is retried with backoff; an email is failed for good ("could not
 * deliver" on the order desk) after PERMANENT_LIMIT permanent failures in a
 * row or MAX_ATTEMPTS sends.
 */
import "server-only";
import { log } from "@/lib/log";
import type { OutboxEmail, OutboxStore } from "@/lib/data/contract/outbox";
import type { MailTransport } from "./transport";
import { inSpan } from "@/lib/tracing/span";

/** How long a claim keeps an email from every other drain. */
const LEASE_MS = 60_000;
/** A send starts only while this much of its claim's lease is left (transport.ts SMTP_TIMEOUTS fit in it). */
const SEND_BUDGET_MS = 40_000;
/** Emails claimed at once. */
const BATCH_SIZE = 10;
/** Claims one drain makes at most, so a cron run ends well inside a function's time. */
const MAX_BATCHES = 10;
/** The wait before the next try, by the attempt that failed (the last one repeats). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
/** Sends tried at most, then failed for good. */
export const MAX_ATTEMPTS = 8;
/** Permanent (5xx) failures in a row, then failed for good. */
export const PERMANENT_LIMIT = 3;

export interface DrainOptions {
  transport: MailTransport;
  /** The From of every email (MAIL_FROM). */
  from: string;
  /** The clock: claims, leases and retry times are read from it. */
  now?: () => number;
  batchSize?: number;
  leaseMs?: number;
}

export interface DrainResult {
  sent: number;
  /** Failed sends due again later. */
  retried: number;
  /** Failed sends given up for good. */
  failed: number;
}

export async function drainOutbox(store: OutboxStore, options: DrainOptions): Promise<DrainResult> {
  const now = options.now ?? Date.now;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const claimedAt = now();
    const emails = await store.claimDueEmails(claimedAt, batchSize, leaseMs);
    for (const email of emails) {
      // Too little of the lease is left to be sure the send ends inside it:
      // the email is claimed again once the lease ends.
      if (now() > claimedAt + leaseMs - Math.min(SEND_BUDGET_MS, leaseMs)) break;
      result[await sendOne(store, email, options.transport, options.from, now)]++;
    }
    if (emails.length < batchSize) break;
  }
  return result;
}

async function sendOne(
  store: OutboxStore,
  email: OutboxEmail,
  transport: MailTransport,
  from: string,
  now: () => number,
): Promise<keyof DrainResult> {
  try {
    // The span names the email by its outbox id and attempt (the claim counted it), never its address or words.
    await inSpan("smtp send", { "storefront.outbox_id": email.id, "storefront.attempt": email.attempts }, () =>
      transport.sendMail({ from, to: email.to, subject: email.subject, text: email.text, messageId: headerMessageId(email.messageId) }),
    );
  } catch (error) {
    const verdict = failureVerdict(email, error, now());
    await store.markEmailFailed(email.id, verdict.lastError, verdict.retryAt);
    if (verdict.retryAt === null) {
      log.error("email.given_up", "An outbox email could not be delivered and is given up", undefined, {
        outboxId: email.id,
        orderId: email.orderId,
        attempts: email.attempts,
        lastError: verdict.lastError,
      });
      return "failed";
    }
    log.warn("email.retry_scheduled", "An outbox email was not sent; it is tried again later", {
      outboxId: email.id,
      orderId: email.orderId,
      attempt: email.attempts,
      retryAt: new Date(verdict.retryAt).toISOString(),
      lastError: verdict.lastError,
    });
    return "retried";
  }
  await store.markEmailSent(email.id);
  return "sent";
}

/** A Message-ID header value is in angle brackets. */
function headerMessageId(messageId: string): string {
  return messageId.startsWith("<") ? messageId : `<${messageId}>`;
}

interface FailureVerdict {
  /** What the desk shows: the server's reply or the connection's error, and for a permanent one its count in a row. */
  lastError: string;
  /** When to try again; null: failed for good. */
  retryAt: number | null;
}

const PERMANENT_MARK = /^permanent failure (\d+) of \d+: /;

/**
 * What a failed send of `email` (its attempts already counting this send)
 * comes to. Permanent failures in a row are counted in lastError itself,
 * which this module alone writes.
 */
export function failureVerdict(email: Pick<OutboxEmail, "attempts" | "lastError">, error: unknown, now: number): FailureVerdict {
  const reason = describeFailure(error);
  const permanent = isPermanent(error);
  const inARow = permanent ? Number(PERMANENT_MARK.exec(email.lastError ?? "")?.[1] ?? 0) + 1 : 0;
  const lastError = permanent ? `permanent failure ${inARow} of ${PERMANENT_LIMIT}: ${reason}` : reason;
  if (inARow >= PERMANENT_LIMIT || email.attempts >= MAX_ATTEMPTS) return { lastError, retryAt: null };
  const delay = RETRY_DELAYS_MS[Math.min(Math.max(email.attempts, 1), RETRY_DELAYS_MS.length) - 1];
  return { lastError, retryAt: now + delay };
}

/** An SMTP 5xx reply to anything but the credentials. */
function isPermanent(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  return typeof responseCode === "number" && responseCode >= 500 && responseCode < 600 && code !== "EAUTH";
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 500);
  const { response, code } = error as Error & { response?: unknown; code?: unknown };
  const text = typeof response === "string" && response ? response : error.message;
  return `${typeof code === "string" ? `${code} ` : ""}${text}`.replace(/\s+/g, " ").trim().slice(0, 500);
}
