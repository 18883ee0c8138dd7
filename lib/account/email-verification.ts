/**
 * Asking for a link that verifies the signed-in shopper's email address:
 * sent once after sign-up (components/auth/use-sign-up-form.ts) and again
 * from the banner on Your orders. Firebase Auth makes the one-time code
 * (firebase-verification-code.ts) and the shop writes the email that carries
 * it, linking to its own page (/verify-email, where the browser applies the
 * code), into the outbox, sent after the response like order mail. Requests
 * are limited per client address and per account address
 * (lib/security/rate-limit.ts: verificationMails,
 * verificationMailsToRecipient), counted before a code is made.
 * Verifying joins the account's earlier guest orders of that address at
 * once: the order pages read Firebase Auth's verified flag
 * (lib/auth/verified-email.ts), nothing is copied.
 */
import "server-only";
import { log } from "@/lib/log";
import { isStoreError } from "@/lib/data/contract/errors";
import type { OutboxStore } from "@/lib/data/contract/outbox";
import { verificationEmail } from "./account-emails";
import type { VerificationMailNotice, VerificationMailState } from "./email-verification-state";
import type { VerificationCode } from "./firebase-verification-code";

/** What asking for a verification email reads of its request; tests pass their own. */
export interface VerificationMailRequest {
  /** The signed-in account's uid; null when signed out. Throws StoreError("unavailable") when the session cannot be checked. */
  uid(): Promise<string | null>;
  /** Counts this request against its client's limit: true when over it. */
  clientLimited(): Promise<boolean>;
  /** Counts this request against the limit of verification mail to `email`: true when over it. */
  recipientLimited(email: string): Promise<boolean>;
  /** The account's address and its code. Throws when Auth does not answer. */
  code(uid: string): Promise<VerificationCode>;
  store(): Promise<Pick<OutboxStore, "queueEmail">>;
  /** Runs once a verification email is in the outbox: it is sent after the response. */
  afterSent(): void;
}

const answer = (notice: VerificationMailNotice): VerificationMailState => ({ notice });

export async function requestVerificationMail(request: VerificationMailRequest): Promise<VerificationMailState> {
  let uid: string | null;
  try {
    uid = await request.uid();
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn(
      "auth.verification_session_unavailable",
      "A verification email could not be sent: the session could not be checked",
      undefined,
      error,
    );
    return answer("unavailable");
  }
  if (uid === null) return answer("signedOut");
  if (await request.clientLimited()) return answer("limited");
  let account: VerificationCode;
  try {
    account = await request.code(uid);
  } catch (error) {
    log.warn(
      "auth.verification_code_unavailable",
      "A verification email could not be sent: Firebase Auth did not make its code",
      undefined,
      error,
    );
    return answer("unavailable");
  }
  if (account.kind === "verified") return answer("verified");
  if (account.kind === "no-address") {
    log.info("auth.verification_no_address", "A verification email was asked for an account without an address to verify: nothing sent");
    return answer("noAddress");
  }
  if (await request.recipientLimited(account.email)) return answer("limited");
  try {
    await (await request.store()).queueEmail(verificationEmail(account.email, account.code));
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn("auth.verification_store_unavailable", "A verification email could not be sent: the store is unavailable", undefined, error);
    return answer("unavailable");
  }
  request.afterSent();
  log.info("auth.verification_sent", "An email verification link was written to the outbox");
  return answer("sent");
}
