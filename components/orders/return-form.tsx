"use client";

import { useActionState } from "react";
import { requestReturnAction } from "@/lib/orders/return-actions";
import { RETURN_REASON_MAX } from "@/lib/orders/order-labels";
import type { ReturnFormState } from "@/lib/orders/request-return";
import styles from "./return-form.module.css";

const INITIAL: ReturnFormState = { reason: "", error: null, done: false };

/**
 * "Request a return" on a delivered order's page: a reason is required; the
 * order's revision says which state the shopper decided on (the store
 * refuses the step when the order moved since). A guest's token opens the
 * order for the action as the link did.
 */
export function ReturnForm({ orderId, revision, token }: { orderId: string; revision: number; token: string | null }) {
  const [state, formAction, pending] = useActionState(requestReturnAction, INITIAL);
  if (state.done)
    return (
      <p className={styles.done} role="status">
        Your return request was sent. We will email you when we have decided.
      </p>
    );
  return (
    <form action={formAction} className={styles.form} aria-labelledby="return-heading" noValidate>
      <h2 id="return-heading">Request a return</h2>
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="revision" value={revision} />
      {token ? <input type="hidden" name="token" value={token} /> : null}
      <label htmlFor="return-reason">Why are you returning it?</label>
      <textarea
        id="return-reason"
        name="reason"
        required
        maxLength={RETURN_REASON_MAX}
        rows={3}
        defaultValue={state.reason}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={state.error ? "return-error" : undefined}
        className={styles.reason}
      />
      {state.error ? (
        <p id="return-error" className={styles.error} role="alert">
          {state.error}
        </p>
      ) : null}
      <button type="submit" className={styles.submit} disabled={pending}>
        {pending ? "Sending…" : "Request a return"}
      </button>
    </form>
  );
}
