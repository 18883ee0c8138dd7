/**
 * Where a password form goes when it is submitted before the page's
 * JavaScript runs (a slow phone, scripts off). Signing in, and changing a
 * password, happen in the browser, through Firebase; a form with no method
 * would otherwise send `GET ?email=…&password=…`, putting the password in
 * the history, server logs and Referer headers. Each such form is
 * `method="post"` with this action: the password travels in a body that is
 * never kept or logged, and the page says what to do (keeping the email
 * typed). Pure constants, so client components may import them.
 */
import { ACCOUNT_PATH } from "@/lib/site-links";

const SIGN_IN_WITHOUT_JAVASCRIPT_PATH = "/api/sign-in-without-javascript";

/** The pages with such a form: what the form does, in words, and the way back to it. */
export const PAGES_WITH_PASSWORD_FORMS = {
  "sign-page": { task: "sign in", path: "/sign-page", back: "Back to sign in" },
  "admin-signin": { task: "sign in", path: "/admin-signin", back: "Back to sign in" },
  account: { task: "change your password", path: ACCOUNT_PATH, back: "Back to your account" },
  "account-email": { task: "change your email address", path: ACCOUNT_PATH, back: "Back to your account" },
  "account-delete": { task: "delete your account", path: ACCOUNT_PATH, back: "Back to your account" },
} as const;

export type PageWithPasswordForm = keyof typeof PAGES_WITH_PASSWORD_FORMS;

/** The form's action: `from` picks the page the answer links back to. */
export function signInWithoutJavascriptAction(from: PageWithPasswordForm): string {
  return `${SIGN_IN_WITHOUT_JAVASCRIPT_PATH}?from=${from}`;
}

/** The page a `?from=` names; the sign page for none or an unknown one. */
export function pageWithPasswordForm(from: string | null): (typeof PAGES_WITH_PASSWORD_FORMS)[PageWithPasswordForm] {
  return from && Object.hasOwn(PAGES_WITH_PASSWORD_FORMS, from)
    ? PAGES_WITH_PASSWORD_FORMS[from as PageWithPasswordForm]
    : PAGES_WITH_PASSWORD_FORMS["sign-page"];
}
