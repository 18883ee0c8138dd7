/**
 * What "forgot password" (/forgot-password) answers, in the shopper's words:
 * the form's state, which the server action returns and the client form
 * shows, and the codes that carry it through a redirect after a post without
 * JavaScript (only codes travel in the URL, never what was typed). Pure and
 * serializable: both sides import it.
 */

export const FORGOT_PASSWORD_PATH = "/forgot-password";
/** The page a reset email links to, with Firebase's one-time code as `?code=`. */
export const NEW_PASSWORD_PATH = "/new-password";
export const RESET_CODE_PARAM = "code";

export const FORGOT_PASSWORD_FIELD = "email";

export const FORGOT_PASSWORD_MESSAGES = {
  // The same answer whether or not an account has that address: the page never says which.
  sent: "If an account uses that email address, a link to choose a new password is on its way there. It can take a few minutes to arrive, and it works for one hour.",
  email: "Enter the email address you sign in with, like name@example.com.",
  limited: "Too many requests for a new password in a short time. Please try again later.",
  unavailable: "The shop is briefly unavailable, so no link was sent. Please try again in a moment.",
} as const;

/** What the new-password page (components/auth/new-password-form.tsx) says. */
export const NEW_PASSWORD_MESSAGES = {
  badLink: "This link has expired or has already been used. Ask for a new one: it works for one hour.",
  saveFailed: "Could not save the new password. Please try again.",
  savedNotSignedIn: "Your new password is saved, but signing in did not complete. Sign in with it.",
  done: "Your new password is saved, and you are signed in. You are signed out everywhere else.",
} as const;

export type ForgotPasswordState =
  | { kind: "sent"; message: string }
  | { kind: "invalid"; error: string; email: string }
  | { kind: "refused"; message: string; email: string };

type NoticeCode = "sent" | "email" | "limited" | "unavailable";

/** The code a redirect carries for `state`. */
export function forgotPasswordNotice(state: ForgotPasswordState): NoticeCode {
  if (state.kind === "sent") return "sent";
  if (state.kind === "invalid") return "email";
  return state.message === FORGOT_PASSWORD_MESSAGES.unavailable ? "unavailable" : "limited";
}

/** The state a redirect's code stands for; null for none or an unknown one. */
export function forgotPasswordStateOf(code: unknown): ForgotPasswordState | null {
  switch (code) {
    case "sent":
      return { kind: "sent", message: FORGOT_PASSWORD_MESSAGES.sent };
    case "email":
      return { kind: "invalid", error: FORGOT_PASSWORD_MESSAGES.email, email: "" };
    case "limited":
    case "unavailable":
      return { kind: "refused", message: FORGOT_PASSWORD_MESSAGES[code], email: "" };
    default:
      return null;
  }
}
