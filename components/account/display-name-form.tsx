"use client";

import { useActionState, useEffect, useRef } from "react";
import styles from "@/components/auth/forms.module.css";
import { displayNameAction } from "@/lib/account/display-name-actions";
import { DISPLAY_NAME_FIELD, DISPLAY_NAME_MAX, displayNameMessage, type DisplayNameState } from "@/lib/account/display-name-state";
import { announceSessionChange } from "@/lib/auth/browser/session-client";
import { ACCOUNT_PATH } from "@/lib/site-links";

interface DisplayNameFormProps {
  /** The account's name now. */
  name: string;
  /** The answer to a change made without JavaScript (the page's `?name=`), else null. */
  initial: DisplayNameState | null;
}

/**
 * The account's display name, changed by a server action
 * (lib/account/display-name.ts) with or without JavaScript: before its
 * script runs the form posts as plain HTML and the page comes back with the
 * answer's code. With JavaScript the answer takes focus and, once saved,
 * this tab's header and the shop's other tabs read the session again, which
 * now carries the new name.
 */
export function DisplayNameForm({ name, initial }: DisplayNameFormProps) {
  // The permalink is the form's action before its script runs (React's own would be "", which HTML does not allow).
  const [state, formAction, pending] = useActionState(displayNameAction, initial, ACCOUNT_PATH);
  const answerRef = useRef<HTMLParagraphElement>(null);
  // After an answer React resets the form to its defaults: the name saved, or the one typed that was refused.
  const shown = state?.typed ?? state?.name ?? name;

  useEffect(() => {
    if (state === initial) return;
    answerRef.current?.focus();
    if (state?.notice === "saved") announceSessionChange();
  }, [state, initial]);

  return (
    <form action={formAction} className={styles.form}>
      <div className={styles.field}>
        <label htmlFor="account-display-name">Display name</label>
        <input
          key={shown}
          id="account-display-name"
          name={DISPLAY_NAME_FIELD}
          autoComplete="nickname"
          required
          maxLength={DISPLAY_NAME_MAX}
          defaultValue={shown}
          aria-describedby="account-display-name-answer"
        />
      </div>
      <button type="submit" className={styles.primary} disabled={pending}>
        {pending ? "Saving…" : "Save name"}
      </button>
      <p
        ref={answerRef}
        id="account-display-name-answer"
        className={state?.notice === "saved" ? styles.success : styles.message}
        role={state && state.notice !== "saved" ? "alert" : "status"}
        tabIndex={-1}
        data-testid="display-name-answer"
      >
        {state ? displayNameMessage(state) : null}
      </p>
    </form>
  );
}
