/**
 * Changing a signed-in shopper's display name (the account page's first
 * form), in the shopper's words: the answer the server action returns and
 * the form shows, and the codes that carry it through a redirect after a
 * post without JavaScript (only codes travel in the URL). Pure and
 * serializable: both sides import it.
 */
import { LIMITS } from "@/lib/data/contract/limits";

/** The form field the name is posted in. */
export const DISPLAY_NAME_FIELD = "displayName";
/** The longest name, as the profile's schema says (lib/data/contract/users.ts). */
export const DISPLAY_NAME_MAX = LIMITS.displayNameMax;
/** The query parameter that carries the answer after a post without JavaScript. */
export const DISPLAY_NAME_NOTICE_PARAM = "name";

export const DISPLAY_NAME_MESSAGES = {
  saved: "Your name is saved.",
  blank: "Enter a display name.",
  tooLong: `A display name is at most ${DISPLAY_NAME_MAX} characters.`,
  notOneLine: "A display name is one line of text, without control characters.",
  signedOut: "Your session has ended. Sign in again to change your name.",
  unavailable: "The shop is briefly unavailable, so your name was not changed. Please try again in a moment.",
} as const;

export type DisplayNameNotice = keyof typeof DISPLAY_NAME_MESSAGES;

/** The answer to a name change: saved (as `name`), or refused and why (with the name as `typed` when it was the name's fault). */
export interface DisplayNameState {
  notice: DisplayNameNotice;
  name?: string;
  typed?: string;
}

/** The words for a state. */
export function displayNameMessage(state: DisplayNameState): string {
  return DISPLAY_NAME_MESSAGES[state.notice];
}

/** The state a redirect's code stands for; null for none or an unknown one. */
export function displayNameStateOf(code: unknown): DisplayNameState | null {
  return typeof code === "string" && Object.hasOwn(DISPLAY_NAME_MESSAGES, code) ? { notice: code as DisplayNameNotice } : null;
}
