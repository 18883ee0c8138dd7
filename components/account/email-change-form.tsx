"use client";

import { signInWithEmailAndPassword } from "firebase/auth";
import { useState, type FormEvent } from "react";
import styles from "@/components/auth/forms.module.css";
import { PasswordForm } from "@/components/auth/password-form";
import { CurrentPasswordField } from "./current-password-field";
import { emailChangeAction } from "@/lib/account/email-change-actions";
import { emailChangeMessage, type EmailChangeState } from "@/lib/account/email-change-state";
import { currentPasswordFailure } from "@/lib/account/password-change-state";
import { firebaseAuth } from "@/lib/auth/browser/firebase-client";

const EMPTY = { newEmail: "", password: "" };

/** What the form says: nothing yet, the server's answer, or a refusal of the password. */
type Answer = { kind: "none" } | { kind: "answered"; state: EmailChangeState } | { kind: "refused"; text: string };

/**
 * The account page's email form (lib/account/email-change.ts): Firebase
 * checks the current password in the browser, and the ID token of that
 * sign-in goes to the server action, which mails a link to the new address
 * and a notice to the old one. Without JavaScript it says first that it
 * needs it (password-form.tsx).
 */
export function EmailChangeForm({ email }: { email: string }) {
  const [values, setValues] = useState(EMPTY);
  const [answer, setAnswer] = useState<Answer>({ kind: "none" });
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof EMPTY, value: string) => setValues((current) => ({ ...current, [name]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setAnswer({ kind: "none" });
    try {
      let idToken: string;
      try {
        idToken = await (await signInWithEmailAndPassword(firebaseAuth(), email, values.password)).user.getIdToken();
      } catch (error) {
        setAnswer({ kind: "refused", text: currentPasswordFailure(error) });
        return;
      }
      const state = await emailChangeAction(idToken, values.newEmail);
      setAnswer({ kind: "answered", state });
      if (state.notice === "sent") setValues(EMPTY);
    } finally {
      setBusy(false);
    }
  }

  const sent = answer.kind === "answered" && answer.state.notice === "sent";
  return (
    <PasswordForm
      from="account-email"
      state={{
        onSubmit,
        busy,
        message: answer.kind === "answered" ? emailChangeMessage(answer.state) : answer.kind === "refused" ? answer.text : "",
      }}
      submitText="Change email address"
      busyText="Sending…"
      messageId="email-change-message"
      messageTestId="email-change-message"
      messageClassName={sent ? styles.success : styles.message}
    >
      <div className={styles.field}>
        <label htmlFor="account-new-email">New email address</label>
        <input
          id="account-new-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.newEmail}
          onChange={(e) => set("newEmail", e.target.value)}
        />
      </div>
      <CurrentPasswordField id="account-email-password" value={values.password} onChange={(value) => set("password", value)} />
    </PasswordForm>
  );
}
