"use client";

import type { FormEvent, ReactNode } from "react";
import { PAGES_WITH_PASSWORD_FORMS, signInWithoutJavascriptAction, type PageWithPasswordForm } from "@/lib/auth/sign-in-without-javascript";
import styles from "./forms.module.css";

/** What the form's own state decides: its submit handler, whether it is busy, its message. */
export interface PasswordFormState {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  message: string;
}

interface PasswordFormProps {
  /** The page the no-JavaScript answer links back to. */
  from: PageWithPasswordForm;
  state: PasswordFormState;
  /** The form's inputs, before its submit button. */
  children: ReactNode;
  /** The submit button's words, and its words while busy. */
  submitText: string;
  busyText: string;
  /** The live message's id (it describes the form) and test id. */
  messageId: string;
  messageTestId: string;
  /** The message's class; the plain message style unless given. */
  messageClassName?: string;
}

/**
 * The form each password form of the sign pages is: posted to the
 * no-JavaScript fallback before the page's script runs, submitted by script
 * after; its inputs, one submit button that says when it is busy, and the
 * live message that describes the form. In a browser that runs no script,
 * it says first, before any field, that it needs JavaScript (shown by the
 * CSS's scripting query, so nobody else sees or hears it).
 */
export function PasswordForm({
  from,
  state,
  children,
  submitText,
  busyText,
  messageId,
  messageTestId,
  messageClassName,
}: PasswordFormProps) {
  const { onSubmit, busy, message } = state;
  return (
    <form
      method="post"
      action={signInWithoutJavascriptAction(from)}
      className={styles.form}
      onSubmit={onSubmit}
      aria-describedby={messageId}
    >
      <p className={styles.needsJavascript} data-testid="needs-javascript">
        This form needs JavaScript, which your browser is not running: turn it on to {PAGES_WITH_PASSWORD_FORMS[from].task}. Browsing and
        the cart work without it.
      </p>
      {children}
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? busyText : submitText}
      </button>
      <p id={messageId} className={messageClassName ?? styles.message} aria-live="polite" data-testid={messageTestId}>
        {message}
      </p>
    </form>
  );
}
