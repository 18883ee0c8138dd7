"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect } from "react";
import styles from "@/components/admin/admin-products.module.css";
import { stepButton, TRACKING_NUMBER_MAX, type DeskStep } from "@/lib/admin/orders/order-steps";
import type { StepNotice } from "@/lib/admin/orders/step-notice";
import type { OrderStepResult } from "@/lib/admin/orders/take-step";
import type { RefundChoice } from "@/lib/admin/orders/refund-choice";
import desk from "./orders.module.css";
import { RefundFields } from "./refund-fields";

/** The order page's "use server" step action (lib/admin/orders/step-actions.ts). */
export type OrderStepAction = (previous: OrderStepResult | null, form: FormData) => Promise<OrderStepResult>;

interface OrderStepFormsProps {
  action: OrderStepAction;
  orderId: string;
  /** The revision the page showed: a step is refused if the order moved since. */
  revision: number;
  /** The steps the order's current state allows (lib/admin/orders/order-steps.ts). */
  steps: DeskStep[];
  /** The answer of a plain form post (no JavaScript), shown until this page takes a step itself. */
  notice: StepNotice | null;
  /** What the "Refund by card" form offers, where the order's card payment can be refunded; null otherwise. */
  refund: RefundChoice | null;
}

/**
 * One form per step the order's state allows, all posting to one action, so
 * the answer (done, or why not) stays shown while the page is read again
 * with the order's new state. Plain forms: without JavaScript each posts and
 * the order's page comes back with the answer as its notice.
 */
export function OrderStepForms({ action, orderId, revision, steps, notice, refund }: OrderStepFormsProps) {
  const router = useRouter();
  const [state, formAction, pending] = useActionState<OrderStepResult | null, FormData>(action, null);
  const trackingError = state && !state.ok ? state.fieldErrors.trackingNumber : undefined;
  const answer = state ? { ok: state.ok, text: state.ok ? state.message : state.error } : notice;

  useEffect(() => {
    // A step taken, or refused because the order moved: show the order as it is now.
    if (state && (state.ok || state.reason)) router.refresh();
  }, [state, router]);

  return (
    <section className={desk.steps} aria-labelledby="order-steps-title">
      <h2 id="order-steps-title">Next steps</h2>
      {steps.length === 0 ? <p>No step is open from this order&apos;s state.</p> : null}
      <div className={desk.stepForms}>
        {steps.map((step) => (
          <form key={`${step}-${revision}`} action={formAction} aria-label={stepButton(step)} data-testid={`step-${step}`}>
            <input type="hidden" name="orderId" value={orderId} />
            <input type="hidden" name="revision" value={revision} />
            <input type="hidden" name="step" value={step} />
            {step === "ship" ? (
              <label>
                Tracking number
                <input
                  name="trackingNumber"
                  id="trackingNumber"
                  required
                  maxLength={TRACKING_NUMBER_MAX}
                  autoComplete="off"
                  defaultValue={state && !state.ok ? state.trackingNumber : ""}
                  aria-invalid={trackingError ? true : undefined}
                  aria-describedby={trackingError ? "trackingNumber-error" : undefined}
                />
                {trackingError ? (
                  <span className={desk.fieldError} id="trackingNumber-error">
                    {trackingError}
                  </span>
                ) : null}
              </label>
            ) : null}
            {step === "refund_by_card" && refund ? <RefundFields choice={refund} /> : null}
            <button
              type="submit"
              className={step === "cancel" || step === "refuse_return" ? styles.danger : styles.button}
              disabled={pending}
            >
              {stepButton(step)}
            </button>
          </form>
        ))}
      </div>
      <p role="status" aria-live="polite" className={`${desk.message} ${answer?.ok ? desk.done : desk.refused}`} data-testid="step-status">
        {pending ? "Recording…" : (answer?.text ?? "")}
      </p>
    </section>
  );
}
