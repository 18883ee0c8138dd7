/**
 * "Forgot password": a shopper who cannot sign in asks, with their email
 * address, for a link to choose a new password. Firebase Auth makes the
 * one-time code (firebase-admin's generatePasswordResetLink, whose own link
 * would lead to Firebase's hosted page: only its `oobCode` is kept), and the
 * shop writes the email that carries it, linking to its own page
 * (/new-password, where the browser sets the password with the code), into
 * the outbox, sent after the response like order mail. The answer is the
 * same whether or not an account has the address, so the form reveals
 * nothing of who has an account. Requests are limited per client address and
 * per email address (lib/security/rate-limit.ts: passwordResets,
 * passwordResetsToRecipient), counted once the form is valid, before Auth is
 * asked, either way.
 */
import "server-only";
import { log } from "@/lib/log";
import { isStoreError } from "@/lib/data/contract/errors";
import { emailSchema } from "@/lib/data/contract/fields";
import type { OutboxStore } from "@/lib/data/contract/outbox";
import { passwordResetEmail } from "./account-emails";
import { FORGOT_PASSWORD_FIELD, FORGOT_PASSWORD_MESSAGES, type ForgotPasswordState } from "./password-reset-state";

/** What asking for a reset reads of its request; tests pass their own. */
export interface PasswordResetRequest {
  /** Firebase Auth's one-time reset code for the account of `email`; null when no account has it. Throws when Auth does not answer. */
  resetCode(email: string): Promise<string | null>;
  store(): Promise<Pick<OutboxStore, "queueEmail">>;
  /** Counts this request against its client's and the address's limits: the refusal's words, or null. */
  limit(email: string): Promise<string | null>;
  /** Runs once a reset email is in the outbox: it is sent after the response. */
  afterSent(): void;
}

export async function requestPasswordReset(request: PasswordResetRequest, form: FormData): Promise<ForgotPasswordState> {
  const value = form.get(FORGOT_PASSWORD_FIELD);
  const typed = typeof value === "string" ? value.trim().slice(0, 300) : "";
  const email = emailSchema.safeParse(typed);
  if (!email.success) return { kind: "invalid", error: FORGOT_PASSWORD_MESSAGES.email, email: typed };
  const limited = await request.limit(email.data);
  if (limited) return { kind: "refused", message: limited, email: typed };
  let code: string | null;
  try {
    code = await request.resetCode(email.data);
  } catch (error) {
    log.warn("auth.reset_code_unavailable", "A password reset could not be sent: Firebase Auth did not make its code", undefined, error);
    return { kind: "refused", message: FORGOT_PASSWORD_MESSAGES.unavailable, email: typed };
  }
  if (code === null) {
    log.info("auth.reset_no_account", "A password reset was asked for an address no account has: nothing sent");
    return { kind: "sent", message: FORGOT_PASSWORD_MESSAGES.sent };
  }
  try {
    await (await request.store()).queueEmail(passwordResetEmail(email.data, code));
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn("auth.reset_store_unavailable", "A password reset could not be sent: the store is unavailable", undefined, error);
    return { kind: "refused", message: FORGOT_PASSWORD_MESSAGES.unavailable, email: typed };
  }
  request.afterSent();
  log.info("auth.reset_sent", "A password reset link was written to the outbox");
  return { kind: "sent", message: FORGOT_PASSWORD_MESSAGES.sent };
}
