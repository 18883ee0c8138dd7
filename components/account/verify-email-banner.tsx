"use client";

import { useActionState, useEffect, useRef } from "react";
import { verificationMailAction } from "@/lib/account/email-verification-actions";
import { VERIFYING_UNLOCKS, verificationMailMessage, type VerificationMailState } from "@/lib/account/email-verification-state";
import { ORDERS_PATH } from "@/lib/site-links";
import styles from "./verify-email-banner.module.css";

interface VerifyEmailBannerProps {
  /** The account's address, not yet verified. */
  email: string;
  /** The answer to a request made without JavaScript (the page's `?verification=`), else null. */
  initial: VerificationMailState | null;
}

/**
 * Above Your orders while the account's address is not verified: what
 * verifying unlocks, and a form that emails the link again
 * (lib/account/email-verification.ts). With JavaScript the answer comes back
 * as the form's state and takes focus; without it the form posts as plain
 * HTML and the page comes back with the answer's code.
 */
export function VerifyEmailBanner({ email, initial }: VerifyEmailBannerProps) {
  // The permalink is the form's action before its script runs (React's own would be "", which HTML does not allow).
  const [state, formAction, pending] = useActionState(verificationMailAction, initial, ORDERS_PATH);
  const answerRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (state !== initial) answerRef.current?.focus();
  }, [state, initial]);

  const sent = state?.notice === "sent" || state?.notice === "verified";
  return (
    <section className={styles.banner} aria-labelledby="verify-email-title" data-testid="verify-email-banner">
      <h2 id="verify-email-title" className={styles.heading}>
        Verify your email address
      </h2>
      <p>
        Open the link we email to <strong>{email}</strong> to verify it. {VERIFYING_UNLOCKS}
      </p>
      {state ? (
        <p ref={answerRef} className={styles.answer} role={sent ? "status" : "alert"} tabIndex={-1} data-testid="verify-email-answer">
          {verificationMailMessage(state)}
        </p>
      ) : null}
      <form action={formAction}>
        <button type="submit" className={styles.resend} disabled={pending}>
          {pending ? "Sending…" : "Email me the link again"}
        </button>
      </form>
    </section>
  );
}
