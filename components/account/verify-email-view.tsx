"use client";

import { applyActionCode } from "firebase/auth";
import { useEffect, useState } from "react";
import { LinkOutcome } from "@/components/auth/link-outcome";
import styles from "@/components/auth/forms.module.css";
import { VERIFY_CODE_PARAM, VERIFY_EMAIL_MESSAGES, VERIFYING_UNLOCKS } from "@/lib/account/email-verification-state";
import { authErrorCode } from "@/lib/auth/auth-messages";
import { firebaseAuth } from "@/lib/auth/browser/firebase-client";
import { ORDERS_PATH } from "@/lib/site-links";

type Outcome = "done" | "bad-link" | "failed";

/** One application per code, however often the view mounts (React runs effects twice in development). */
const applied = new Map<string, Promise<Outcome>>();

/** Applies the link's code with Firebase Auth: done, a code that cannot be used, or a failure worth trying again. */
function applyCode(code: string | null): Promise<Outcome> {
  if (!code) return Promise.resolve("bad-link");
  let outcome = applied.get(code);
  if (!outcome) {
    outcome = applyActionCode(firebaseAuth(), code).then(
      () => "done" as const,
      (error: unknown) => {
        const spent = ["auth/expired-action-code", "auth/invalid-action-code", "auth/user-disabled", "auth/user-not-found"];
        if (spent.includes(authErrorCode(error))) return "bad-link" as const;
        console.error(error);
        return "failed" as const;
      },
    );
    applied.set(code, outcome);
  }
  return outcome;
}

const OUTCOMES: Record<Outcome, { ok: boolean; text: string; next: [string, string] }> = {
  done: { ok: true, text: `${VERIFY_EMAIL_MESSAGES.done} ${VERIFYING_UNLOCKS}`, next: [ORDERS_PATH, "See your orders"] },
  "bad-link": { ok: false, text: VERIFY_EMAIL_MESSAGES.badLink, next: [ORDERS_PATH, "Your orders"] },
  failed: { ok: false, text: VERIFY_EMAIL_MESSAGES.failed, next: ["/", "Continue shopping"] },
};

/**
 * The page a verification email links to (lib/account/account-emails.ts):
 * Firebase's one-time code from the link (`?code=`) is applied by Firebase's
 * web SDK as the page opens, as Firebase's own page would; the account's
 * earlier guest orders of that address then show in Your orders. Without
 * JavaScript the page says first that it needs it.
 */
export function VerifyEmailView() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    let live = true;
    void applyCode(new URLSearchParams(window.location.search).get(VERIFY_CODE_PARAM)).then((next) => {
      if (live) setOutcome(next);
    });
    return () => {
      live = false;
    };
  }, []);

  if (outcome) return <LinkOutcome {...OUTCOMES[outcome]} testId="verify-email-outcome" />;
  return (
    <>
      <p className={styles.needsJavascript} data-testid="needs-javascript">
        Verifying needs JavaScript, which your browser is not running: turn it on and open the link again. Browsing and the cart work
        without it.
      </p>
      <p className={styles.message} aria-live="polite">
        {VERIFY_EMAIL_MESSAGES.checking}
      </p>
    </>
  );
}
