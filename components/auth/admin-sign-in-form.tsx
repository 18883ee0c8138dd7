"use client";

import { useRouter } from "next/navigation";
import { MESSAGES } from "@/lib/auth/auth-messages";
import { signInWithoutJavascriptAction } from "@/lib/auth/sign-in-without-javascript";
import { signOutEverywhere } from "@/lib/auth/browser/firebase-client";
import { EmailPasswordFields } from "./email-password-fields";
import styles from "./forms.module.css";
import { useSignInForm } from "./use-sign-in-form";

/**
 * Admin sign-in. The browser only proves who the user is; whether that user
 * is an admin is the server's call (the session's isAdmin, from the custom
 * claim or ADMIN_EMAILS). Anyone else is told "Not an admin" and signed out.
 */
export function AdminSignInForm() {
  const router = useRouter();
  const { fields, message, busy, onSubmit } = useSignInForm(async (session) => {
    if (!session.isAdmin) {
      await signOutEverywhere();
      router.refresh();
      window.alert(MESSAGES.notAdmin);
      return `${MESSAGES.notAdmin}: this account cannot add products.`;
    }
    router.replace("/admin-entry");
    router.refresh();
  });

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
        <EmailPasswordFields idPrefix="admin" {...fields} />
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
