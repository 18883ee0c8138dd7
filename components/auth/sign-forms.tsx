"use client";

import { createUserWithEmailAndPassword, GoogleAuthProvider, signInWithPopup, updateProfile } from "firebase/auth";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { MESSAGES, PASSWORD_MIN, popupErrorMessage, safeCallbackPath, signUpErrorMessage } from "@/lib/auth/auth-messages";
import { firebaseAuth, SessionRefusedError, startSession } from "@/lib/auth/browser/firebase-client";
import { EmailPasswordFields } from "./email-password-fields";
import styles from "./forms.module.css";
import { PasswordForm } from "./password-form";
import { sayCartLinesLeftOut, useSignInForm } from "./use-sign-in-form";

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

const EMPTY_SIGN_UP = { email: "", displayName: "", password: "", confirm: "" };

function SignUpForm() {
  const router = useRouter();
  const id = useId();
  const [fields, setFields] = useState(EMPTY_SIGN_UP);
  const [message, setMessage] = useState("");
  const [succeeded, setSucceeded] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof EMPTY_SIGN_UP) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage("");
    setSucceeded(false);
    if (fields.password !== fields.confirm) {
      window.alert(MESSAGES.passwordMismatch);
      return;
    }
    if (fields.password.length < PASSWORD_MIN) {
      console.error(`Sign-up refused: ${MESSAGES.passwordTooShort}`);
      setMessage(MESSAGES.passwordTooShort);
      return;
    }
    const displayName = fields.displayName.trim();
    if (!displayName) {
      setMessage("Enter a display name.");
      return;
    }
    setBusy(true);
    try {
      const auth = firebaseAuth();
      const { user } = await createUserWithEmailAndPassword(auth, fields.email.trim(), fields.password);
      await updateProfile(user, { displayName });
      let signedIn = true;
      try {
        sayCartLinesLeftOut(await startSession(user));
      } catch (error) {
        console.error(error);
        signedIn = false;
      }
      window.alert(MESSAGES.registered);
      setFields(EMPTY_SIGN_UP);
      setSucceeded(signedIn);
      setMessage(signedIn ? `Signed in as ${displayName}.` : "Your account was created. Sign in with it.");
      router.refresh();
    } catch (error) {
      console.error(error);
      setMessage(signUpErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={styles.title}>
        Create account
      </h1>
      <PasswordForm
        from="sign-page"
        state={{ onSubmit, busy, message }}
        submitText="Sign Up"
        busyText="Creating account…"
        messageId={`${id}-message`}
        messageTestId="signup-message"
        messageClassName={succeeded ? styles.success : styles.message}
      >
        <div className={styles.field}>
          <label htmlFor="signup-email">Email</label>
          <input id="signup-email" name="email" type="email" autoComplete="email" required value={fields.email} onChange={set("email")} />
        </div>
        <div className={styles.field}>
          <label htmlFor="signup-name">Display name</label>
          <input
            id="signup-name"
            name="displayName"
            autoComplete="nickname"
            required
            maxLength={80}
            value={fields.displayName}
            onChange={set("displayName")}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="signup-password">Password</label>
          <input
            id="signup-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            value={fields.password}
            onChange={set("password")}
            aria-describedby={`${id}-hint`}
          />
          <small id={`${id}-hint`} className={styles.hint}>
            At least {PASSWORD_MIN} characters.
          </small>
        </div>
        <div className={styles.field}>
          <label htmlFor="signup-confirm">Confirm password</label>
          <input
            id="signup-confirm"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            value={fields.confirm}
            onChange={set("confirm")}
          />
        </div>
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
