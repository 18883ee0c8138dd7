/**
 * Where a password form goes when it is submitted before the page's
 * JavaScript runs (a slow phone, scripts off). Signing in happens in the
 * browser, through Firebase; a form with no method would otherwise send
 * `GET ?email=…&password=…`, putting the password in the history, server
 * logs and Referer headers. Each such form is `method="post"` with this
 * action: the password travels in a body that is never kept or logged, and
 * the page says what to do (keeping the email typed). Pure constants, so client components may import them.
 */
const SIGN_IN_WITHOUT_JAVASCRIPT_PATH = "/api/sign-in-without-javascript";

/** The form's action: `from` picks the page the answer links back to. */
export function signInWithoutJavascriptAction(from: "sign-page" | "admin-signin"): string {
  return `${SIGN_IN_WITHOUT_JAVASCRIPT_PATH}?from=${from}`;
}
