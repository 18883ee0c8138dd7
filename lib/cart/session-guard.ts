/**
 * The owner a tab believes its cart belongs to, and the server's check of it.
 *
 * Tabs of one browser share their cookies, so a sign-out or sign-in in one
 * tab changes the cart owner of every other tab at once, before they have
 * heard of it (the header follows through CART_OWNER_CHANNEL within moments,
 * lib/live/protocol.ts). A tab still showing "Hello, name" must not have an
 * add land in a guest cart, so each cart change from the page names the
 * owner the page shows: `user:<uid>` while it shows that account, `guest`
 * while it shows Sign In. The server compares it with the request's real
 * session (lib/cart/owner.ts) and refuses a mismatch before anything is
 * read or written, with its own code and message (results.ts).
 *
 * No expectation (undefined) means "no check": the page has not read its
 * session yet, the account is briefly unavailable, or the call is the cart
 * form posted without JavaScript (lib/cart/form-post.ts): cached pages
 * cannot render who is signed in, so the form has nothing to name; it
 * changes the request's real owner's cart, and the page it answers with
 * lists that cart. An action used as a form's action receives the form's
 * FormData in the expectation's place: it is read for an
 * EXPECTED_OWNER_FIELD field, and one without it is "no check".
 *
 * Pure and zod-free: the browser imports it (lib/cart/browser/cart-state.ts);
 * the argument's parse is the server's (parse-input.ts).
 */

/** What a tab names with a cart change: the account it shows, or a guest. */
export type ExpectedOwner = "guest" | `user:${string}`;

/** The form field a cart form may carry its expectation in (parseExpectedOwner, parse-input.ts). */
export const EXPECTED_OWNER_FIELD = "expectedOwner";

/** The refusals of a cart change whose tab shows another owner than the session's. */
export type SessionRefusalCode = "signed_out" | "session_changed";

/** The expectation for a page that shows this signed-in uid, or Sign In (null). */
export function expectedOwnerFor(uid: string | null): ExpectedOwner {
  return uid ? `user:${uid}` : "guest";
}

/**
 * Compares the page's expectation with the request's signed-in uid (null for
 * a guest): null when they agree or nothing was expected; `signed_out` when
 * the page shows an account and the request has none; `session_changed`
 * when the page shows another account, or a guest and the request is signed in.
 */
export function sessionRefusal(expected: ExpectedOwner | undefined, signedInUid: string | null): SessionRefusalCode | null {
  if (expected === undefined) return null;
  const actual = expectedOwnerFor(signedInUid);
  if (expected === actual) return null;
  return signedInUid === null ? "signed_out" : "session_changed";
}

/** Whether a failure code is one of these refusals (the tab then re-reads its session and cart). */
export function isSessionRefusal(code: string | undefined): code is SessionRefusalCode {
  return code === "signed_out" || code === "session_changed";
}

/** Thrown by the owner lookup (lib/cart/owner.ts) when the page's expectation does not hold. */
export class OwnerMismatchError extends Error {
  constructor(readonly code: SessionRefusalCode) {
    super(`The cart change names another owner than the session's (${code})`);
    this.name = "OwnerMismatchError";
  }
}

export function isOwnerMismatchError(error: unknown): error is OwnerMismatchError {
  return error instanceof OwnerMismatchError;
}
