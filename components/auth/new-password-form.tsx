"use client";

import { confirmPasswordReset, signInWithEmailAndPassword, verifyPasswordResetCode } from "firebase/auth";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { FORGOT_PASSWORD_PATH, NEW_PASSWORD_MESSAGES, RESET_CODE_PARAM } from "@/lib/account/password-reset-state";
import { authErrorCode, MESSAGES, PASSWORD_MIN, passwordSettingFailure } from "@/lib/auth/auth-messages";
import { firebaseAuth, startSession } from "@/lib/auth/browser/firebase-client";
import { sayCartLinesLeftOut } from "@/lib/cart/browser/left-out";
import { LinkOutcome } from "./link-outcome";
import { NewPasswordFields } from "./new-password-fields";
import { PasswordForm } from "./password-form";

const OUTCOME = "new-password-outcome";

/** Where the page stands: checking the link's code, the form for `email`, a link that cannot be used, or done (signed in or not). */
type Phase =
  { kind: "checking" } | { kind: "ready"; code: string; email: string } | { kind: "bad-link" } | { kind: "done"; signedIn: boolean };

/** The words for a failed Firebase call on the code; "bad-link" when the code itself is spent or expired. */
function resetFailure(error: unknown): string {
  switch (authErrorCode(error)) {
    case "auth/expired-action-code":
    case "auth/invalid-action-code":
    case "auth/user-disabled":
    case "auth/user-not-found":
      return "bad-link";
    default:
      return passwordSettingFailure(error) ?? NEW_PASSWORD_MESSAGES.saveFailed;
  }
}

/** What the link's code opens: the form for its account, or "bad-link" (none, spent, expired). */
async function phaseOfLink(code: string | null): Promise<Phase> {
  if (!code) return { kind: "bad-link" };
  try {
    return { kind: "ready", code, email: await verifyPasswordResetCode(firebaseAuth(), code) };
  } catch (error) {
    // Not the code's fault (the network): the form, which names no account, tries again on submit.
    return resetFailure(error) === "bad-link" ? { kind: "bad-link" } : { kind: "ready", code, email: "" };
  }
}

/** Signs in with the new password: true once the session started. */
async function signInAfterReset(code: string, email: string, password: string): Promise<boolean> {
  try {
    const address = email || (await verifyPasswordResetCode(firebaseAuth(), code).catch(() => ""));
    await startSession((await signInWithEmailAndPassword(firebaseAuth(), address, password)).user);
    sayCartLinesLeftOut();
    return true;
  } catch (error) {
    console.error(error);
    return false;
  }
}

/**
 * The page a reset email links to (lib/account/account-emails.ts): Firebase's
 * one-time code from the link (`?code=`) is checked, the shopper chooses a
 * new password, Firebase Auth sets it (which ends the account's other
 * tokens), and the shopper is signed in here; that sign-in ends the
 * account's other sessions of the shop (lib/auth/account-sessions.ts).
 * Firebase's web SDK does the work, so without JavaScript the form says
 * first that it needs it (password-form.tsx).
 */
export function NewPasswordForm() {
  const router = useRouter();
  const [phase, setPhase] = useState<Phase>({ kind: "checking" });
  const [values, setValues] = useState({ password: "", confirm: "" });
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void phaseOfLink(new URLSearchParams(window.location.search).get(RESET_CODE_PARAM)).then((next) => {
      if (live) setPhase(next);
    });
    return () => {
      live = false;
    };
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase.kind !== "ready") return;
    setMessage("");
    if (values.password.length < PASSWORD_MIN) return setMessage(MESSAGES.passwordTooShort);
    if (values.password !== values.confirm) return setMessage(MESSAGES.passwordMismatch);
    setBusy(true);
    try {
      await confirmPasswordReset(firebaseAuth(), phase.code, values.password);
    } catch (error) {
      const failure = resetFailure(error);
      if (failure === "bad-link") setPhase({ kind: "bad-link" });
      else setMessage(failure);
      setBusy(false);
      return;
    }
    const signedIn = await signInAfterReset(phase.code, phase.email, values.password);
    setPhase({ kind: "done", signedIn });
    setBusy(false);
    if (signedIn) router.refresh();
  }

  if (phase.kind === "bad-link")
    return (
      <LinkOutcome ok={false} text={NEW_PASSWORD_MESSAGES.badLink} next={[FORGOT_PASSWORD_PATH, "Ask for a new link"]} testId={OUTCOME} />
    );
  if (phase.kind === "done") {
    return phase.signedIn ? (
      <LinkOutcome ok text={NEW_PASSWORD_MESSAGES.done} next={["/", "Continue shopping"]} testId={OUTCOME} />
    ) : (
      <LinkOutcome ok={false} text={NEW_PASSWORD_MESSAGES.savedNotSignedIn} next={["/sign-page", "Sign in"]} testId={OUTCOME} />
    );
  }
  return (
    <PasswordForm
      from="sign-page"
      state={{ onSubmit, busy: busy || phase.kind === "checking", message }}
      submitText="Save password and sign in"
      busyText={phase.kind === "checking" ? "Checking the link…" : "Saving…"}
      messageId="new-password-message"
      messageTestId="new-password-message"
    >
      <NewPasswordFields
        email={phase.kind === "ready" ? phase.email : ""}
        values={values}
        onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
      />
    </PasswordForm>
  );
}
