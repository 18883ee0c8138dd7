/**
 * Plain-words messages for Firebase Auth failures, shown on the sign-in and
 * sign-up forms (the console lines the spec asks for are logged besides).
 * Pure: no Firebase import, so it is unit-tested on its own.
 */
import { sameSitePath } from "./same-site-path";

export const PASSWORD_MIN = 6;

export const MESSAGES = {
  passwordMismatch: "Password does not match",
  registered: "Registration Successful. Login...",
  signInFailed: "Password or Email does not exist!",
  notAdmin: "Not an admin",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  emailInUse: "This email is already registered. Sign in instead.",
  invalidEmail: "Enter a valid email address.",
  network: "Could not reach the sign-in service. Check your connection and try again.",
  tooManyRequests: "Too many attempts. Wait a moment and try again.",
  popupBlocked: "The sign-in window was blocked. Allow pop-ups for this site and try again.",
  sessionRefused: "Signing in did not complete. Please try again.",
  signUpFailed: "Could not create the account. Please try again.",
  popupFailed: "Google sign-in did not complete. Please try again.",
} as const;

/** The Firebase error code of a thrown value ("auth/..."), or "". */
export function authErrorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

/** What the sign-up form shows for a failed createUserWithEmailAndPassword. */
export function signUpErrorMessage(error: unknown): string {
  switch (authErrorCode(error)) {
    case "auth/email-already-in-use":
      return MESSAGES.emailInUse;
    case "auth/invalid-email":
    case "auth/missing-email":
      return MESSAGES.invalidEmail;
    default:
      return passwordSettingFailure(error) ?? MESSAGES.signUpFailed;
  }
}

/**
 * What the sign-in forms show for a failed email sign-in. Wrong email and
 * wrong password get the same words, so the form never tells which accounts exist.
 */
export function signInErrorMessage(error: unknown): string {
  switch (authErrorCode(error)) {
    case "auth/network-request-failed":
      return MESSAGES.network;
    case "auth/too-many-requests":
      return MESSAGES.tooManyRequests;
    default:
      return MESSAGES.signInFailed;
  }
}

/**
 * The words for a failure either form that sets a password (sign-up, a reset)
 * can meet: the network, Firebase's rate limit, a password Firebase finds too
 * weak. undefined for any other: the form's own words then. (Sign-in names
 * no password rule: the words would tell that the password was right.)
 */
export function passwordSettingFailure(error: unknown): string | undefined {
  switch (authErrorCode(error)) {
    case "auth/network-request-failed":
      return MESSAGES.network;
    case "auth/too-many-requests":
      return MESSAGES.tooManyRequests;
    case "auth/weak-password":
    case "auth/password-does-not-meet-requirements":
      return MESSAGES.passwordTooShort;
    default:
      return undefined;
  }
}

/** What the form shows for a failed popup sign-in; "" when the user just closed the popup. */
export function popupErrorMessage(error: unknown): string {
  switch (authErrorCode(error)) {
    case "auth/popup-closed-by-user":
    case "auth/cancelled-popup-request":
    case "auth/user-cancelled":
      return "";
    case "auth/popup-blocked":
      return MESSAGES.popupBlocked;
    case "auth/network-request-failed":
      return MESSAGES.network;
    default:
      return MESSAGES.popupFailed;
  }
}

/**
 * Where to go after signing in: a path on this site taken from ?callbackUrl
 * (same-site-path.ts: absolute URLs only when they are on `origin`, never a
 * path a browser reads as another host), otherwise "/". Never back to a
 * sign-in screen, which would only loop, nor to an API route.
 */
export function safeCallbackPath(raw: string | null | undefined, origin: string): string {
  const path = sameSitePath(raw, origin);
  if (path === null) return "/";
  if (/^\/(sign-page|admin-signin)(\/|$|\?|#)/.test(path) || path.startsWith("/api/")) return "/";
  return path;
}
