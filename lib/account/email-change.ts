/**
 * Asking to change a signed-in shopper's email address (the account page).
 * The browser proves the shopper first: it signs in to Firebase with the
 * current password and hands over the fresh ID token, which must be the
 * session's own account, signed in with its password within
 * EMAIL_CHANGE_PROOF_MAX_AGE_S (a session cookie alone never moves an
 * account to another address). Firebase
 * Auth makes the one-time code (firebase-email-change-code.ts); the shop
 * mails it to the new address, linking to its own /verify-email page, where
 * opening it makes the change, and tells the old address, which keeps
 * working until then. Limited per client and per new address
 * (lib/security/rate-limit.ts: emailChanges, emailChangesToRecipient). An
 * address another account already has is answered alike and mailed nothing,
 * so the form never tells which addresses have accounts.
 */
import "server-only";
import { log } from "@/lib/log";
import { isFirebaseAuthFailure } from "@/lib/auth/firebase-auth-call";
import { isStoreError } from "@/lib/data/contract/errors";
import { LIMITS } from "@/lib/data/contract/limits";
import type { OutboxStore } from "@/lib/data/contract/outbox";
import { z } from "@/lib/data/contract/zod";
import { emailChangeEmail, emailChangeNoticeEmail } from "./account-emails";
import { provesRecentSignIn, type SignInProof } from "./sign-in-proof";
import { EMAIL_CHANGE_PROOF_MAX_AGE_S, type EmailChangeNotice, type EmailChangeState } from "./email-change-state";

/** What a change request reads and writes; tests pass their own. */
export interface EmailChangeRequest {
  /** The session's account; null when signed out. Throws StoreError("unavailable") when the session cannot be checked. */
  user(): Promise<{ uid: string } | null>;
  /** Who the ID token proves; null for one Firebase refuses (forged, expired, revoked). Throws when Auth does not answer. */
  proof(idToken: string): Promise<SignInProof | null>;
  /** Counts this request against its client's limit: true when over it. */
  clientLimited(): Promise<boolean>;
  /** Counts this request against the limit of change links to `email`: true when over it. */
  recipientLimited(email: string): Promise<boolean>;
  /** Firebase's code that moves the account from `email` to `newEmail`; "taken" when another account has it. Throws when Auth does not answer. */
  code(email: string, newEmail: string): Promise<string | "taken">;
  store(): Promise<Pick<OutboxStore, "queueEmail">>;
  /** Runs once the emails are in the outbox: they are sent after the response. */
  afterSent(): void;
  now(): number;
}

const newAddressSchema = z.email().max(LIMITS.emailMax);
const answer = (notice: EmailChangeNotice): EmailChangeState => ({ notice });

/** An outage's answer: logged with its cause, "try again" for the shopper. */
function unavailable(what: string, cause: unknown): EmailChangeState {
  log.warn("account.email_change_unavailable", `An email change was not asked: ${what} did not answer`, undefined, cause);
  return answer("unavailable");
}

/** The session's account when the token proves it, recently; else the answer to give. */
async function provenAccount(idToken: unknown, request: EmailChangeRequest): Promise<SignInProof | EmailChangeState> {
  let user: { uid: string } | null;
  try {
    user = await request.user();
  } catch (error) {
    if (isStoreError(error, "unavailable")) return unavailable("the session check", error);
    throw error;
  }
  if (!user) return answer("signedOut");
  let proof: SignInProof | null = null;
  try {
    if (typeof idToken === "string") proof = await request.proof(idToken);
  } catch (error) {
    if (isFirebaseAuthFailure(error)) return unavailable("Firebase Auth", error);
    throw error;
  }
  if (provesRecentSignIn(proof, user.uid, request.now(), EMAIL_CHANGE_PROOF_MAX_AGE_S) && proof.viaPassword && proof.email !== "")
    return proof;
  return answer("staleProof");
}

export async function requestEmailChange(idToken: unknown, newEmail: unknown, request: EmailChangeRequest): Promise<EmailChangeState> {
  const address = newAddressSchema.safeParse(typeof newEmail === "string" ? newEmail.trim().toLowerCase() : "");
  if (!address.success) return answer("invalidEmail");
  const account = await provenAccount(idToken, request);
  if ("notice" in account) return account;
  const current = account.email.toLowerCase();
  if (address.data === current) return answer("sameAddress");
  if ((await request.clientLimited()) || (await request.recipientLimited(address.data))) return answer("limited");
  let code: string;
  try {
    code = await request.code(current, address.data);
  } catch (error) {
    if (isFirebaseAuthFailure(error)) return unavailable("Firebase Auth", error);
    throw error;
  }
  if (code === "taken") {
    log.info("account.email_change_taken", "An email change was asked to an address another account has: nothing sent");
    return answer("sent");
  }
  try {
    const outbox = await request.store();
    await outbox.queueEmail(emailChangeEmail(address.data, code));
    await outbox.queueEmail(emailChangeNoticeEmail(current, address.data));
  } catch (error) {
    if (isStoreError(error, "unavailable")) return unavailable("the store", error);
    throw error;
  }
  request.afterSent();
  log.info("account.email_change_sent", "An email change link was written to the outbox, and a notice to the old address");
  return answer("sent");
}
