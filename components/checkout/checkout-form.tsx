"use client";

import { useActionState, useEffect, useRef, useState, type FormEvent } from "react";
import { placeOrderAction } from "@/lib/orders/actions";
import {
  CHECKOUT_FIELDS,
  EXPECTED_LINE_FIELD,
  IDEMPOTENCY_KEY_FIELD,
  ADDRESS_FIELD_NAMES,
  CONTACT_FIELD_NAMES,
  DISCOUNT_FIELD,
  SHIPPING_FIELD,
  TAX_FIELD,
  US_STATE_CHOICES,
  regionIsUsState,
  type CheckoutField,
  type CheckoutValues,
} from "@/lib/orders/checkout-fields";
import type { CheckoutSummary } from "@/lib/orders/checkout-lines";
import { initialCheckoutState, type CheckoutFormState } from "@/lib/orders/checkout-state";
import { billFieldValues, billOf, discountShown } from "@/lib/orders/bill-quote";
import { checkoutCountries } from "@/lib/orders/shipping-quote";
import styles from "./checkout-form.module.css";
import { OrderSummary } from "./order-summary";
import { PaymentChoice } from "./payment-choice";

interface CheckoutFormProps {
  summary: CheckoutSummary;
  /** The lines as shown, one hidden field each (checkout-lines.ts encodeExpectedLine). */
  expectedLines: string[];
  /** Drawn for this render of the page: the same submit sent twice makes one order. */
  idempotencyKey: string;
  /** A signed-in shopper's email, and the recipient and address of their chosen or default saved address, or newest order. */
  initialValues: Partial<CheckoutValues>;
  /** A signed-in shopper may keep the address in their address book (the box "Save this address"). */
  canSaveAddress: boolean;
}

/**
 * Contact, shipping address, the summary and "Place order"
 * (order-summary.tsx): one form whose action is the server action
 * (lib/orders/actions.ts). A refusal comes back as the form's state: every
 * value typed stays, each error stands next to its field, a refused line is
 * named next to it, and focus moves to what the shopper must read. The
 * summary's figures are the server's (the page re-renders after a refusal);
 * the shipping and tax are priced as the address is typed, from the zones the
 * server read, and carried back in hidden fields the store compares.
 */
export function CheckoutForm({ summary, expectedLines, idempotencyKey, initialValues, canSaveAddress }: CheckoutFormProps) {
  const [state, formAction, pending] = useActionState(placeOrderAction, initialCheckoutState(initialValues));
  const problemRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (state.attempt === 0) return;
    if (state.problem) problemRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [state.attempt, state.problem]);

  const { address, onAddress, bill, discount, shown } = useTypedBill(summary, state);
  const countries = checkoutCountries(summary.zones);
  const choicesOf = (name: CheckoutField): Choices | null =>
    name === "country"
      ? { choices: countries, none: "Choose a country" }
      : name === "region" &&
          regionIsUsState(
            address.country,
            countries.map(([code]) => code),
          )
        ? { choices: US_STATE_CHOICES, none: "Choose a state" }
        : null;

  const errorCount = Object.keys(state.errors).length;
  return (
    <form ref={formRef} action={formAction} className={styles.checkout} noValidate aria-busy={pending} onChange={onAddress}>
      <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={idempotencyKey} />
      <input type="hidden" name={SHIPPING_FIELD} value={shown.shipping} />
      <input type="hidden" name={TAX_FIELD} value={shown.tax} />
      <input type="hidden" name={DISCOUNT_FIELD} value={shown.discount} />
      {expectedLines.map((line) => (
        <input key={line} type="hidden" name={EXPECTED_LINE_FIELD} value={line} />
      ))}
      {/* Mounted afresh after each submit: React resets a form after its action, and a select's
          default only holds on mount, so the fields start again from the values sent back. */}
      <div className={styles.details} key={state.attempt}>
        {state.problem ? (
          <p ref={problemRef} className={styles.problem} role="alert" tabIndex={-1} data-testid="checkout-problem">
            {state.problem}
          </p>
        ) : null}
        {errorCount > 0 ? (
          <p className={styles.problem} role="alert">
            {errorCount === 1 ? "One field needs your attention." : `${errorCount} fields need your attention.`}
          </p>
        ) : null}
        <fieldset className={styles.group}>
          <legend>Contact</legend>
          {CONTACT_FIELD_NAMES.map((name) => (
            <Field key={name} name={name} value={state.values[name]} error={state.errors[name]} />
          ))}
        </fieldset>
        <fieldset className={styles.group}>
          <legend>Shipping address</legend>
          {ADDRESS_FIELD_NAMES.map((name) => (
            <Field
              key={name === "region" ? `region-${choicesOf(name) ? "state" : "text"}` : name}
              name={name}
              value={name === "region" || name === "country" ? address[name] : state.values[name]}
              error={state.errors[name]}
              select={choicesOf(name)}
            />
          ))}
          {canSaveAddress ? <SaveAddressBox checked={state.values.saveAddress === "on"} /> : null}
        </fieldset>
        <Field name="discountCode" value={state.values.discountCode} error={state.errors.discountCode} />
        <PaymentChoice offer={summary.payments} value={state.values.paymentMethod} error={state.errors.paymentMethod} />
      </div>
      <OrderSummary
        summary={summary}
        bill={bill}
        discount={{ code: address.discountCode.trim().toUpperCase(), cents: discount }}
        lineProblems={state.lineProblems}
        pending={pending}
      />
    </form>
  );
}

/** A signed-in shopper's "Save this address to my address book", as sent last. */
function SaveAddressBox({ checked }: { checked: boolean }) {
  return (
    <div className={styles.saveAddress}>
      <input id="checkout-saveAddress" type="checkbox" name="saveAddress" defaultChecked={checked} />
      <label htmlFor="checkout-saveAddress">{CHECKOUT_FIELDS.saveAddress.label}</label>
    </div>
  );
}

/** A select's options (code, name) and the first, empty option's words. */
interface Choices {
  choices: readonly (readonly [string, string])[];
  none: string;
}

function Field({ name, value, error, select }: { name: CheckoutField; value: string; error: string | undefined; select?: Choices | null }) {
  const field = CHECKOUT_FIELDS[name];
  const id = `checkout-${name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    autoComplete: field.autoComplete,
    required: field.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    defaultValue: value,
    className: styles.input,
  } as const;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{field.label}</label>
      {select ? (
        <select {...common}>
          <option value="">{select.none}</option>
          {select.choices.map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
      ) : (
        <input {...common} type={field.type} maxLength={field.max} inputMode={field.type === "tel" ? "tel" : undefined} />
      )}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The bill of what is typed: the country, state and code as typed since the
 * last submit (the values sent back until then), priced from the zones the
 * server read and the code as the server last priced it; and what the
 * hidden fields carry back.
 */
function useTypedBill(summary: CheckoutSummary, state: CheckoutFormState) {
  const [typed, setTyped] = useState({ attempt: -1, country: "", region: "", discountCode: "" });
  const address = typed.attempt === state.attempt ? typed : { attempt: state.attempt, ...state.values };
  const onAddress = (event: FormEvent<HTMLFormElement>) => {
    const { name, value } = event.target as HTMLInputElement;
    if (name === "country" || name === "region" || name === "discountCode") setTyped({ ...address, [name]: value });
  };
  const discount = discountShown(address.discountCode, state.discount);
  const bill = billOf(summary.zones, address, summary.subtotalCents, discount ?? 0);
  return { address, onAddress, bill, discount, shown: billFieldValues(bill, discount) };
}
