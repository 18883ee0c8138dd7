"use client";

import { GoogleAuthProvider, signInWithEmailAndPassword, signInWithPopup, type User } from "firebase/auth";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import styles from "@/components/auth/forms.module.css";
import { PasswordForm } from "@/components/auth/password-form";
import { CurrentPasswordField } from "./current-password-field";
import { deleteAccountAction } from "@/lib/account/delete-account-actions";
import { ACCOUNT_DELETED_PATH, DELETE_ACCOUNT_MESSAGES } from "@/lib/account/delete-account-state";
import { currentPasswordFailure } from "@/lib/account/password-change-state";
import { firebaseAuth, signOutEverywhere } from "@/lib/auth/browser/firebase-client";

interface DeleteAccountFormProps {
  email: string;
  /** Whether the account signs in with a password (else with Google, which confirms instead). */
  hasPassword: boolean;
}

/** Signs in to Firebase again (the proof a deletion asks for): the user, or the words of a refusal. */
async function signInAgain(email: string, password: string, hasPassword: boolean): Promise<User | string> {
  try {
    const auth = firebaseAuth();
    if (hasPassword) return (await signInWithEmailAndPassword(auth, email, password)).user;
    return (await signInWithPopup(auth, new GoogleAuthProvider().setCustomParameters({ login_hint: email }))).user;
  } catch (error) {
    return hasPassword ? currentPasswordFailure(error) : DELETE_ACCOUNT_MESSAGES.staleProof;
  }
}

/**
 * "Delete my account" (lib/account/delete-account.ts says what goes and what
 * stays): the shopper signs in again here (the current password; a Google
 * account with Google), the server deletes, and this browser is signed out
 * and shown that it is done. Without JavaScript the form says first that it
 * needs it (password-form.tsx).
 */
export function DeleteAccountForm({ email, hasPassword }: DeleteAccountFormProps) {
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setMessage("");
    const user = await signInAgain(email, password, hasPassword);
    if (typeof user === "string") {
      setMessage(user);
      setBusy(false);
      return;
    }
    const answer = await deleteAccountAction(await user.getIdToken()).catch((error: unknown) => {
      // The action did not answer (the network, a deploy): said as an outage, and logged here.
      console.error(error);
      return { notice: "unavailable" as const };
    });
    if (answer.notice !== "deleted") {
      setMessage(DELETE_ACCOUNT_MESSAGES[answer.notice]);
      setBusy(false);
      return;
    }
    // The account is gone everywhere; this browser's cookie goes too, then the page that says so.
    await signOutEverywhere().catch(() => undefined);
    router.replace(ACCOUNT_DELETED_PATH);
  }

  return (
    <PasswordForm
      from="account-delete"
      state={{ onSubmit, busy, message }}
      submitText="Delete my account"
      busyText="Deleting…"
      messageId="delete-account-message"
      messageTestId="delete-account-message"
      messageClassName={styles.message}
    >
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      {hasPassword ? (
        <CurrentPasswordField id="account-delete-password" value={password} onChange={setPassword} />
      ) : (
        <p>You sign in with Google: confirm by signing in with Google again when you press the button.</p>
      )}
    </PasswordForm>
  );
}
