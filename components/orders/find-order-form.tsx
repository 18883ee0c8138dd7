"use client";

import { useActionState, useEffect, useRef } from "react";
import { findOrderAction } from "@/lib/orders/find-order-actions";
import { FIND_ORDER_FIELDS, type FindOrderState } from "@/lib/orders/find-order-state";
import { FIND_ORDER_PATH } from "@/lib/orders/paths";
import styles from "./find-order-form.module.css";

/**
 * "Find my order"'s form: the email address and the order's reference, posted
 * to the server action (lib/orders/find-order-actions.ts). With JavaScript
 * the answer comes back as the form's state: each error next to its field,
 * what was typed kept, focus on what to read. Without it the form posts as
 * plain HTML and the page comes back with the answer's code (`initial`).
 */
export function FindOrderForm({ initial }: { initial: FindOrderState | null }) {
  // The permalink is the form's action before its script runs (React's own would be "", which HTML does not allow).
  const [state, formAction, pending] = useActionState(findOrderAction, initial, FIND_ORDER_PATH);
  const answerRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const errors = state?.kind === "invalid" ? state.errors : {};
  const values = state && state.kind !== "sent" ? state.values : { email: "", reference: "" };

  useEffect(() => {
    if (state === initial) return;
    if (state?.kind === "invalid") formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
    else answerRef.current?.focus();
  }, [state, initial]);

  return (
    <form ref={formRef} action={formAction} className={styles.form} noValidate aria-busy={pending}>
      {state?.kind === "sent" ? (
        <p ref={answerRef} className={styles.sent} role="status" tabIndex={-1} data-testid="find-order-answer">
          {state.message}
        </p>
      ) : null}
      {state?.kind === "refused" ? (
        <p ref={answerRef} className={styles.problem} role="alert" tabIndex={-1} data-testid="find-order-answer">
          {state.message}
        </p>
      ) : null}
      {/* Mounted afresh after each answer: React resets a form after its action, and the values typed come back as defaults. */}
      <div className={styles.form} key={JSON.stringify(state)}>
        <Field name={FIND_ORDER_FIELDS.email} label="Email" type="email" autoComplete="email" value={values.email} error={errors.email} />
        <Field
          name={FIND_ORDER_FIELDS.reference}
          label="Order reference"
          type="text"
          autoComplete="off"
          value={values.reference}
          error={errors.reference}
        />
      </div>
      <button type="submit" className={styles.send} disabled={pending}>
        {pending ? "Sending…" : "Email me a link"}
      </button>
    </form>
  );
}

interface FieldProps {
  name: string;
  label: string;
  type: "email" | "text";
  autoComplete: string;
  value: string;
  error: string | undefined;
}

function Field({ name, label, type, autoComplete, value, error }: FieldProps) {
  const id = `find-order-${name}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        maxLength={254}
        defaultValue={value}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
