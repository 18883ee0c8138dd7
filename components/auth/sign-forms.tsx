"use client";

import { GoogleAuthProvider, signInWithPopup } from "firebase/auth";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { MESSAGES, popupErrorMessage, safeCallbackPath } from "@/lib/auth/auth-messages";
import { firebaseAuth, SessionRefusedError } from "@/lib/auth/browser/firebase-client";
import { FORGOT_PASSWORD_PATH } from "@/lib/account/password-reset-state";
import { EmailPasswordFields } from "./email-password-fields";
import styles from "./forms.module.css";
import { PasswordForm } from "./password-form";
import { SignUpFields } from "./sign-up-fields";
import { useSignInForm } from "./use-sign-in-form";
import { useSignUpForm } from "./use-sign-up-form";

/** Where to go after signing in: ?callbackUrl when it is a path on this site, else home. */
function afterSignInPath(): string {
  return safeCallbackPath(new URLSearchParams(window.location.search).get("callbackUrl"), window.location.origin);
}

/** What a failed Google sign-in logs and shows. */
function googleFailureMessage(error: unknown): string {
  console.error(error);
  return error instanceof SessionRefusedError ? MESSAGES.sessionRefused : popupErrorMessage(error);
}

/** The sign page: the sign-up form and the sign-in form side by side (stacked on phones). */
export function SignForms() {
  return (
    <div className={styles.pair}>
      <SignUpForm />
      <SignInForm />
    </div>
  );
}

function SignUpForm() {
  const router = useRouter();
  const id = useId();
  const { fields, set, state, succeeded } = useSignUpForm(() => router.refresh());
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={styles.title}>
        Create account
      </h1>
      <PasswordForm
        from="sign-page"
        state={state}
        submitText="Sign Up"
        busyText="Creating account…"
        messageId={`${id}-message`}
        messageTestId="signup-message"
        messageClassName={succeeded ? styles.success : styles.message}
      >
        <SignUpFields fields={fields} set={set} hintId={`${id}-hint`} />
      </PasswordForm>
    </section>
  );
}

function SignInForm() {
  const router = useRouter();
  const id = useId();
  const { fields, state, signInWith } = useSignInForm(() => {
    router.replace(afterSignInPath());
    router.refresh();
  });

  async function onGoogle() {
    await signInWith(async () => {
      const provider = new GoogleAuthProvider();
      provider.setCustomParameters({ prompt: "select_account" });
      return (await signInWithPopup(firebaseAuth(), provider)).user;
    }, googleFailureMessage);
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        Sign in
      </h2>
      <PasswordForm
        from="sign-page"
        state={state}
        submitText="Sign In"
        busyText="Signing in…"
        messageId={`${id}-message`}
        messageTestId="signin-message"
      >
        <EmailPasswordFields idPrefix="signin" {...fields} />
      </PasswordForm>
      <p className={styles.aside}>
        <Link href={FORGOT_PASSWORD_PATH}>Forgot password?</Link>
      </p>
      <div className={styles.divider}>
        <span>or</span>
      </div>
      <button type="button" className={styles.google} onClick={onGoogle} disabled={state.busy}>
        <GoogleMark /> Sign in with Google
      </button>
    </section>
  );
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}
