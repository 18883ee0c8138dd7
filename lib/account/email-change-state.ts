/**
 * Changing a signed-in shopper's email address (the account page), in the
 * shopper's words: the answer the server action returns and the form shows.
 * The change itself waits for the new address: the link mailed to it
 * confirms it (the /verify-email page applies Firebase's code), and the old
 * address is told. Pure and serializable: both sides import it.
 */

/** How recent the password check behind a change must be, in seconds. */
export const EMAIL_CHANGE_PROOF_MAX_AGE_S = 5 * 60;

export const EMAIL_CHANGE_MESSAGES = {
  sent: "Open the link we emailed to your new address to confirm it: your email address changes then. Until then you sign in with the one you have.",
  invalidEmail: "Enter a valid email address.",
  sameAddress: "That is the address your account has already.",
  staleProof: "Enter your current password again to change your email address.",
  signedOut: "Your session has ended. Sign in again to change your email address.",
  limited: "Too many requests to change your email address in a short time. Please try again later.",
  unavailable: "The shop is briefly unavailable, so no email was sent. Please try again in a moment.",
} as const;

/** An account made with Google has its address from Google. */
export const EMAIL_CHANGE_GOOGLE_ONLY = "You sign in with Google, so your address is your Google account's.";

export type EmailChangeNotice = keyof typeof EMAIL_CHANGE_MESSAGES;

export interface EmailChangeState {
  notice: EmailChangeNotice;
}

/** The words for a state. */
export function emailChangeMessage(state: EmailChangeState): string {
  return EMAIL_CHANGE_MESSAGES[state.notice];
}

/** What the confirmation link's page says once the account has moved to `email`. */
export function emailChangedMessage(email: string): string {
  return `Your account's email address is now ${email}: sign in with it from now on.`;
}
