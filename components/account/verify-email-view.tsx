"use client";

import { applyActionCode, checkActionCode, type Auth } from "firebase/auth";
import { useEffect, useState } from "react";
import { LinkOutcome } from "@/components/auth/link-outcome";
import styles from "@/components/auth/forms.module.css";
import { emailChangedMessage } from "@/lib/account/email-change-state";
import { VERIFY_CODE_PARAM, VERIFY_EMAIL_MESSAGES, VERIFYING_UNLOCKS } from "@/lib/account/email-verification-state";
import { authErrorCode } from "@/lib/auth/auth-messages";
import { firebaseAuth } from "@/lib/auth/browser/firebase-client";
import { ACCOUNT_PATH, ORDERS_PATH } from "@/lib/site-links";

/** What opening the link did: verified the address, moved the account to a new one, a code that cannot be used, or a failure worth trying again. */
type Outcome = { kind: "done" } | { kind: "changed"; email: string } | { kind: "bad-link" } | { kind: "failed" };

/** One application per code, however often the view mounts (React runs effects twice in development). */
const applied = new Map<string, Promise<Outcome>>();

/** Applies the code: a move to a new address (the account page's email change) says which; any other code verifies. */
async function apply(auth: Auth, code: string): Promise<Outcome> {
  const info = await checkActionCode(auth, code);
  await applyActionCode(auth, code);
  return info.operation === "VERIFY_AND_CHANGE_EMAIL" && info.data.email ? { kind: "changed", email: info.data.email } : { kind: "done" };
}

/** Applies the link's code with Firebase Auth, once. */
function applyCode(code: string | null): Promise<Outcome> {
  if (!code) return Promise.resolve({ kind: "bad-link" });
  let outcome = applied.get(code);
  if (!outcome) {
    outcome = apply(firebaseAuth(), code).catch((error: unknown): Outcome => {
      const spent = ["auth/expired-action-code", "auth/invalid-action-code", "auth/user-disabled", "auth/user-not-found"];
      if (spent.includes(authErrorCode(error))) return { kind: "bad-link" };
      console.error(error);
      return { kind: "failed" };
    });
    applied.set(code, outcome);
  }
  return outcome;
}

/** What the page says of an outcome, and where it leads. */
function outcomeView(outcome: Outcome): { ok: boolean; text: string; next: [string, string] } {
  switch (outcome.kind) {
    case "done":
      return { ok: true, text: `${VERIFY_EMAIL_MESSAGES.done} ${VERIFYING_UNLOCKS}`, next: [ORDERS_PATH, "See your orders"] };
    case "changed":
      return { ok: true, text: emailChangedMessage(outcome.email), next: [ACCOUNT_PATH, "Your account"] };
    case "bad-link":
      return { ok: false, text: VERIFY_EMAIL_MESSAGES.badLink, next: [ORDERS_PATH, "Your orders"] };
    case "failed":
      return { ok: false, text: VERIFY_EMAIL_MESSAGES.failed, next: ["/", "Continue shopping"] };
  }
}

/**
 * The page a verification email, or a new address's confirmation, links to
 * (lib/account/account-emails.ts): Firebase's one-time code from the link
 * (`?code=`) is applied by Firebase's web SDK as the page opens, as
 * Firebase's own page would; the account's earlier guest orders of that
 * address then show in Your orders, or the account has its new address.
 * Without JavaScript the page says first that it needs it.
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

  if (outcome) return <LinkOutcome {...outcomeView(outcome)} testId="verify-email-outcome" />;
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
