"use client";

import { signInWithEmailAndPassword } from "firebase/auth";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { MESSAGES } from "@/lib/auth/auth-messages";
import { signInWithoutJavascriptAction } from "@/lib/auth/sign-in-without-javascript";
import { firebaseAuth, signInFailureMessage, signOutEverywhere, startSession } from "@/lib/auth/browser/firebase-client";
import { EmailPasswordFields } from "./email-password-fields";
import styles from "./forms.module.css";

/**
 * Admin sign-in. The browser only proves who the user is; whether that user
 * is an admin is the server's call (the session's isAdmin, from the custom
 * claim or ADMIN_EMAILS). Anyone else is told "Not an admin" and signed out.
 */
export function AdminSignInForm() {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage("");
    setBusy(true);
    try {
      const { user } = await signInWithEmailAndPassword(firebaseAuth(), email.trim(), password);
      const session = await startSession(user);
      if (!session.isAdmin) {
        await signOutEverywhere();
        router.refresh();
        window.alert(MESSAGES.notAdmin);
        setMessage(`${MESSAGES.notAdmin}: this account cannot add products.`);
        setBusy(false);
        return;
      }
      router.replace("/admin-entry");
      router.refresh();
    } catch (error) {
      setMessage(signInFailureMessage(error));
      setBusy(false);
    }
  }

  return (
    <section className={`${styles.card} ${styles.narrow}`} aria-labelledby="admin-signin-title">
      <h1 id="admin-signin-title" className={styles.title}>
        Admin sign-in
      </h1>
      <form
        method="post"
        action={signInWithoutJavascriptAction("admin-signin")}
        className={styles.form}
        onSubmit={onSubmit}
        aria-describedby="admin-signin-message"
      >
        <EmailPasswordFields idPrefix="admin" email={email} password={password} onEmail={setEmail} onPassword={setPassword} />
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? "Signing in…" : "Sign In"}
        </button>
        <p id="admin-signin-message" className={styles.message} aria-live="polite" data-testid="admin-signin-message">
          {message}
        </p>
      </form>
    </section>
  );
}
