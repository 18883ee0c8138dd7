"use client";

import { signInWithEmailAndPassword, type User } from "firebase/auth";
import { useState, type FormEvent } from "react";
import {
  firebaseAuth,
  SessionRateLimitedError,
  signInFailureMessage,
  startSession,
  type SessionInfo,
} from "@/lib/auth/browser/firebase-client";
import { sayCartLinesLeftOut } from "@/lib/cart/browser/left-out";
import type { PasswordFormState } from "./password-form";

/**
 * What a form does with the session a sign-in started. Returning nothing
 * means the form is done: it stays busy while the page moves on. A returned
 * message is a refusal: it is shown and the form is free again.
 */
type OnSignedIn = (session: SessionInfo) => Promise<string | void> | string | void;

/**
 * The state every email-and-password sign-in form keeps: the two fields, the
 * live message and whether an attempt is under way. An attempt clears the
 * message and makes the form busy; a failure shows its message and frees the
 * form. Its `state` submits the typed email and password; `signInWith` runs
 * any other way of signing in (a popup) the same way.
 */
export function useSignInForm(onSignedIn: OnSignedIn) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);

  async function signInWith(signIn: () => Promise<User>, failureMessage: (error: unknown) => string) {
    setMessage("");
    setBusy(true);
    try {
      const session = await startSession(await signIn());
      // Guest lines the sign-in's merge had no room for, once (its answer set the notice).
      sayCartLinesLeftOut();
      const refusal = await onSignedIn(session);
      if (refusal === undefined) return;
      setMessage(refusal);
    } catch (error) {
      // The shop's own refusal says why in its own words, whichever way the shopper signed in.
      setMessage(error instanceof SessionRateLimitedError ? error.message : failureMessage(error));
    }
    setBusy(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await signInWith(async () => (await signInWithEmailAndPassword(firebaseAuth(), email.trim(), password)).user, signInFailureMessage);
  }

  const state: PasswordFormState = { onSubmit, busy, message };
  return {
    /** The props of EmailPasswordFields, but its idPrefix. */
    fields: { email, password, onEmail: setEmail, onPassword: setPassword },
    state,
    signInWith,
  };
}
