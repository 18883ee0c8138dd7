"use client";

import { createUserWithEmailAndPassword, updateProfile } from "firebase/auth";
import { useState, type FormEvent } from "react";
import { MESSAGES, PASSWORD_MIN, signUpErrorMessage } from "@/lib/auth/auth-messages";
import { firebaseAuth, startSession } from "@/lib/auth/browser/firebase-client";
import { verificationMailAction } from "@/lib/account/email-verification-actions";
import { sayCartLinesLeftOut } from "@/lib/cart/browser/left-out";
import type { PasswordFormState } from "./password-form";

const EMPTY_SIGN_UP = { email: "", displayName: "", password: "", confirm: "" };
export type SignUpValues = typeof EMPTY_SIGN_UP;
export type SignUpField = keyof SignUpValues;

/**
 * The sign-up form's state: its four fields, the message and whether it is
 * busy, and whether it `succeeded` (signed in). A submit checks the
 * passwords match and are long enough and that a display name is given,
 * then creates the account, names it and signs in; `onCreated` runs once
 * the account exists, signed in or not.
 */
export function useSignUpForm(onCreated: () => void) {
  const [fields, setFields] = useState(EMPTY_SIGN_UP);
  const [message, setMessage] = useState("");
  const [succeeded, setSucceeded] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (name: SignUpField, value: string) => setFields((current) => ({ ...current, [name]: value }));

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
        await startSession(user);
        sayCartLinesLeftOut();
        // The link that verifies the address: the action finds the account from the session just started.
        void verificationMailAction().catch((error: unknown) => console.error(error));
      } catch (error) {
        console.error(error);
        signedIn = false;
      }
      window.alert(MESSAGES.registered);
      setFields(EMPTY_SIGN_UP);
      setSucceeded(signedIn);
      setMessage(signedIn ? `Signed in as ${displayName}.` : "Your account was created. Sign in with it.");
      onCreated();
    } catch (error) {
      console.error(error);
      setMessage(signUpErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const state: PasswordFormState = { onSubmit, busy, message };
  return { fields, set, state, succeeded };
}
