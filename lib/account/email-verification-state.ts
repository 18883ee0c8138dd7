/**
 * Verifying an account's email address, in the shopper's words: the page a
 * verification email links to, the state of asking for (another) link, which
 * the server action returns and the banner shows, and the codes that carry it
 * through a redirect after a post without JavaScript (only codes travel in
 * the URL). Pure and serializable: both sides import it.
 */

/** The page a verification email links to, with Firebase's one-time code as `?code=`. */
export const VERIFY_EMAIL_PATH = "/verify-email";
export const VERIFY_CODE_PARAM = "code";
/** The query parameter that carries a verification request's answer after a post without JavaScript. */
export const VERIFICATION_NOTICE_PARAM = "verification";

/** What verifying unlocks, said wherever the shop asks for it. */
export const VERIFYING_UNLOCKS = "Orders you placed as a guest with this address then join your account.";

export const VERIFICATION_MAIL_MESSAGES = {
  sent: "A link to verify your email address is on its way. It can take a few minutes to arrive.",
  verified: "Your email address is already verified.",
  noAddress: "Your account has no email address to verify.",
  signedOut: "Sign in to verify your email address.",
  limited: "Too many verification emails in a short time. Please try again later.",
  unavailable: "The shop is briefly unavailable, so no email was sent. Please try again in a moment.",
} as const;

/** What the page of a verification link (components/account/verify-email-view.tsx) says. */
export const VERIFY_EMAIL_MESSAGES = {
  checking: "Verifying your email address…",
  done: "Your email address is verified.",
  badLink: "This link has expired or has already been used. Sign in and ask for a new one from Your orders.",
  failed: "Could not verify your email address just now. Please try the link again in a moment.",
} as const;

export type VerificationMailNotice = keyof typeof VERIFICATION_MAIL_MESSAGES;

/** The answer to asking for a verification email: sent, nothing to do, or refused (with why). */
export interface VerificationMailState {
  notice: VerificationMailNotice;
}

/** The words for a state. */
export function verificationMailMessage(state: VerificationMailState): string {
  return VERIFICATION_MAIL_MESSAGES[state.notice];
}

/** The state a redirect's code stands for; null for none or an unknown one. */
export function verificationMailStateOf(code: unknown): VerificationMailState | null {
  return typeof code === "string" && Object.hasOwn(VERIFICATION_MAIL_MESSAGES, code) ? { notice: code as VerificationMailNotice } : null;
}
