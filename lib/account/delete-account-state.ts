/**
 * Deleting a signed-in shopper's account (the account page), in the
 * shopper's words: what the form says before (what goes, what stays) and
 * the answer the server action returns. Pure and serializable: both sides
 * import it.
 */

/** How recent the sign-in behind a deletion must be, in seconds. */
export const DELETE_ACCOUNT_PROOF_MAX_AGE_S = 5 * 60;

/** What deleting does, said before the shopper confirms. */
export const DELETE_ACCOUNT_EXPLAINED =
  "Deleting your account removes your sign-in, your saved addresses and your cart, and removes your name, email, phone and address from your orders. The orders themselves stay, without you, for the shop's accounts. You are signed out everywhere. This cannot be undone.";

export const DELETE_ACCOUNT_MESSAGES = {
  deleted: "Your account is deleted. We emailed a confirmation to your address.",
  staleProof: "Confirm with your current password (or, with a Google account, by signing in with Google again) to delete your account.",
  signedOut: "Your session has ended. Sign in again to delete your account.",
  unavailable: "The shop is briefly unavailable, so your account was not deleted. Please try again in a moment.",
} as const;

export type DeleteAccountNotice = keyof typeof DELETE_ACCOUNT_MESSAGES;

export interface DeleteAccountState {
  notice: DeleteAccountNotice;
}

/** Where a deleted account's browser is sent: a page that says it is done. */
export const ACCOUNT_DELETED_PATH = "/account/deleted";
