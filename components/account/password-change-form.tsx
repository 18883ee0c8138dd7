"use client";

import { signInWithEmailAndPassword, updatePassword, type User } from "firebase/auth";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import styles from "@/components/auth/forms.module.css";
import { NewPasswordPair } from "@/components/auth/new-password-pair";
import { PasswordForm } from "@/components/auth/password-form";
import { CurrentPasswordField } from "./current-password-field";
import { currentPasswordFailure, PASSWORD_CHANGE_MESSAGES } from "@/lib/account/password-change-state";
import { MESSAGES, PASSWORD_MIN, passwordSettingFailure } from "@/lib/auth/auth-messages";
import { passwordChangedAction } from "@/lib/account/password-change-actions";
import { firebaseAuth, signOutEverywhere, startSession } from "@/lib/auth/browser/firebase-client";

const EMPTY = { current: "", password: "", confirm: "" };

/** What the form says: nothing yet, a refusal, or done (signed in again here, or not). */
type Answer = { kind: "none" } | { kind: "refused"; text: string } | { kind: "done"; signedIn: boolean };

/** Checks the current password, sets the new one, and signs in again with it; the answer to show. */
async function changePassword(email: string, values: typeof EMPTY): Promise<Answer> {
  const auth = firebaseAuth();
  let user: User;
  try {
    user = (await signInWithEmailAndPassword(auth, email, values.current)).user;
  } catch (error) {
    return { kind: "refused", text: currentPasswordFailure(error) };
  }
  try {
    await updatePassword(user, values.password);
  } catch (error) {
    return { kind: "refused", text: passwordSettingFailure(error) ?? PASSWORD_CHANGE_MESSAGES.failed };
  }
  // The account's other sessions end now, whether or not signing in again below succeeds.
  await passwordChangedAction().catch((error: unknown) => console.error(error));
  try {
    await startSession((await signInWithEmailAndPassword(auth, email, values.password)).user);
    return { kind: "done", signedIn: true };
  } catch (error) {
    console.error(error);
    // Not signed in again: this browser's session ends too, as the answer says.
    await signOutEverywhere().catch(() => undefined);
    return { kind: "done", signedIn: false };
  }
}

/**
 * The account page's password form (lib/account/password-change-state.ts
 * says what it does and why in the browser). Without JavaScript it says
 * first that it needs it (password-form.tsx).
 */
export function PasswordChangeForm({ email }: { email: string }) {
  const router = useRouter();
  const [values, setValues] = useState(EMPTY);
  const [answer, setAnswer] = useState<Answer>({ kind: "none" });
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof EMPTY, value: string) => setValues((current) => ({ ...current, [name]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refuse = (text: string) => setAnswer({ kind: "refused", text });
    if (values.password.length < PASSWORD_MIN) return refuse(MESSAGES.passwordTooShort);
    if (values.password !== values.confirm) return refuse(MESSAGES.passwordMismatch);
    if (values.password === values.current) return refuse(PASSWORD_CHANGE_MESSAGES.sameAsCurrent);
    setBusy(true);
    setAnswer({ kind: "none" });
    const outcome = await changePassword(email, values);
    setAnswer(outcome);
    setBusy(false);
    if (outcome.kind !== "done") return;
    setValues(EMPTY);
    // Signed in again or signed out: the page follows the session.
    router.refresh();
  }

  const text =
    answer.kind === "refused"
      ? answer.text
      : answer.kind === "done"
        ? answer.signedIn
          ? PASSWORD_CHANGE_MESSAGES.done
          : PASSWORD_CHANGE_MESSAGES.changedNotSignedIn
        : "";
  return (
    <PasswordForm
      from="account"
      state={{ onSubmit, busy, message: text }}
      submitText="Change password"
      busyText="Changing…"
      messageId="password-change-message"
      messageTestId="password-change-message"
      messageClassName={answer.kind === "done" && answer.signedIn ? styles.success : styles.message}
    >
      {/* The account's address, for password managers: the form changes this account's password. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <CurrentPasswordField id="account-current-password" value={values.current} onChange={(value) => set("current", value)} />
      <NewPasswordPair
        ids={{ password: "account-new-password", confirm: "account-confirm-password", hint: "account-new-password-hint" }}
        labels={{ password: "New password", confirm: "New password again" }}
        values={values}
        onChange={set}
      />
    </PasswordForm>
  );
}
