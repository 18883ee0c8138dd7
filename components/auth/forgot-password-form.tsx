"use client";

import { useActionState, useEffect, useRef } from "react";
import { forgotPasswordAction } from "@/lib/account/password-reset-actions";
import { FORGOT_PASSWORD_FIELD, FORGOT_PASSWORD_PATH, type ForgotPasswordState } from "@/lib/account/password-reset-state";
import styles from "./forms.module.css";

/**
 * "Forgot password"'s form: the email address, posted to the server action
 * (lib/account/password-reset-actions.ts). With JavaScript the answer comes back
 * as the form's state (the error by the field, what was typed kept, focus on
 * what to read); without it the form posts as plain HTML and the page comes
 * back with the answer's code (`initial`).
 */
export function ForgotPasswordForm({ initial }: { initial: ForgotPasswordState | null }) {
  // The permalink is the form's action before its script runs (React's own would be "", which HTML does not allow).
  const [state, formAction, pending] = useActionState(forgotPasswordAction, initial, FORGOT_PASSWORD_PATH);
  const answerRef = useRef<HTMLParagraphElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const error = state?.kind === "invalid" ? state.error : undefined;
  const typed = state && state.kind !== "sent" ? state.email : "";

  useEffect(() => {
    if (state === initial) return;
    if (state?.kind === "invalid") inputRef.current?.focus();
    else answerRef.current?.focus();
  }, [state, initial]);

  return (
    <form action={formAction} className={styles.form} noValidate aria-busy={pending}>
      {state?.kind === "sent" || state?.kind === "refused" ? (
        <p
          ref={answerRef}
          className={state.kind === "sent" ? styles.answer : styles.refusal}
          role={state.kind === "sent" ? "status" : "alert"}
          tabIndex={-1}
          data-testid="forgot-password-answer"
        >
          {state.message}
        </p>
      ) : null}
      {/* Mounted afresh after each answer: React resets a form after its action, and what was typed comes back as the default. */}
      <div className={styles.field} key={JSON.stringify(state)}>
        <label htmlFor="forgot-email">Email</label>
        <input
          ref={inputRef}
          id="forgot-email"
          name={FORGOT_PASSWORD_FIELD}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={typed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "forgot-email-error" : undefined}
        />
        {error ? (
          <p id="forgot-email-error" className={styles.fieldError}>
            {error}
          </p>
        ) : null}
      </div>
      <div>
        <button type="submit" className={styles.primary} disabled={pending}>
          {pending ? "Sending…" : "Email me a link"}
        </button>
      </div>
    </form>
  );
}
