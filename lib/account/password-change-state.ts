/**
 * Changing the password of a signed-in shopper (the account page), in the
 * shopper's words. Firebase's web SDK does it in the browser: the current
 * password proves the shopper (a session cookie alone never changes it),
 * then the new one is set, which ends the account's other Firebase tokens,
 * and the shopper signs in again here, which ends the shop's other sessions
 * of the account (lib/auth/account-sessions.ts). Pure: both sides import it.
 */
import { authErrorCode, passwordSettingFailure } from "@/lib/auth/auth-messages";

export const PASSWORD_CHANGE_MESSAGES = {
  currentWrong: "Your current password is not right.",
  sameAsCurrent: "Choose a new password, not the one you have.",
  done: "Your password is changed. Every other device signed in to your account is signed out.",
  changedNotSignedIn: "Your password is changed, and this device was signed out with the others: sign in with the new password.",
  failed: "Could not change your password just now. Please try again in a moment.",
  googleOnly: "You sign in with Google, so your account has no password here: Google keeps it.",
} as const;

/** The words for a failed check of the current password (Firebase's answer to signing in with it). */
export function currentPasswordFailure(error: unknown): string {
  switch (authErrorCode(error)) {
    case "auth/wrong-password":
    case "auth/invalid-credential":
    case "auth/invalid-login-credentials":
      return PASSWORD_CHANGE_MESSAGES.currentWrong;
    default:
      return passwordSettingFailure(error) ?? PASSWORD_CHANGE_MESSAGES.failed;
  }
}
