"use client";

import { useRouter } from "next/navigation";
import { MESSAGES } from "@/lib/auth/auth-messages";
import { signOutEverywhere } from "@/lib/auth/browser/firebase-client";
import { EmailPasswordFields } from "./email-password-fields";
import styles from "./forms.module.css";
import { PasswordForm } from "./password-form";
import { useSignInForm } from "./use-sign-in-form";

/**
 * Admin sign-in. The browser only proves who the user is; whether that user
 * is an admin is the server's call (the session's isAdmin, from the custom
 * claim or ADMIN_EMAILS). Anyone else is told "Not an admin" and signed out.
 */
export function AdminSignInForm() {
  const router = useRouter();
  const { fields, state } = useSignInForm(async (session) => {
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
      <PasswordForm
        from="admin-signin"
        state={state}
        submitText="Sign In"
        busyText="Signing in…"
        messageId="admin-signin-message"
        messageTestId="admin-signin-message"
      >
        <EmailPasswordFields idPrefix="admin" {...fields} />
      </PasswordForm>
    </section>
  );
}
