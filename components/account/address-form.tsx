"use client";

import Link from "next/link";
import { useActionState, useEffect, useRef, useState } from "react";
import styles from "@/components/auth/forms.module.css";
import bookStyles from "./address-book.module.css";
import { saveAddressAction } from "@/lib/addresses/address-book-actions";
import { ADDRESS_BOOK_ANCHOR } from "@/lib/addresses/address-book-notices";
import {
  ADDRESS_FORM_FIELD_NAMES,
  ADDRESS_ID_FIELD,
  MAKE_DEFAULT_FIELD,
  addressFormField,
  type AddressFormField,
  type AddressFormState,
} from "@/lib/addresses/address-form-fields";
import { US_STATE_CHOICES, regionIsUsState } from "@/lib/orders/checkout-fields";
import { ACCOUNT_PATH } from "@/lib/site-links";

interface AddressFormProps {
  /** The address edited (its id), or null to add one. */
  addressId: string | null;
  /** The fields to start from: the address edited, or the account's name. */
  initial: AddressFormState;
  /** The countries the shop ships to (code, name): a saved address is one the checkout can ship to. */
  countries: readonly (readonly [string, string])[];
  /** This page's path: the form's action before its script runs. */
  permalink: string;
}

/**
 * One address of the book, added or edited by a server action
 * (lib/addresses/address-book.ts), with or without JavaScript: saved, it
 * leads back to the account's address book; refused, the form comes back
 * as typed with each error beside its field, and focus moves to the first.
 * Its fields are the checkout's, so a browser's autofill knows them.
 */
export function AddressForm({ addressId, initial, countries, permalink }: AddressFormProps) {
  const [state, formAction, pending] = useActionState(saveAddressAction, initial, permalink);
  const formRef = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  // The region is a choice of states for a US address: it follows the country as it is chosen.
  const [typedCountry, setTypedCountry] = useState({ attempt: state.attempt, country: state.values.country });
  const country = typedCountry.attempt === state.attempt ? typedCountry.country : state.values.country;
  const served = countries.map(([code]) => code);

  useEffect(() => {
    if (state.attempt === 0) return;
    if (state.problem) problemRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [state]);

  const errorCount = Object.keys(state.errors).length;
  return (
    <form ref={formRef} action={formAction} className={styles.form} noValidate aria-busy={pending}>
      {addressId ? <input type="hidden" name={ADDRESS_ID_FIELD} value={addressId} /> : null}
      {/* Mounted afresh after each answer: React resets a form after its action, and a field's default holds only on mount. */}
      <div key={state.attempt} className={styles.form}>
        {state.problem ? (
          <p ref={problemRef} className={styles.message} role="alert" tabIndex={-1} data-testid="address-form-problem">
            {state.problem}
          </p>
        ) : null}
        {errorCount > 0 ? (
          <p className={styles.message} role="alert">
            {errorCount === 1 ? "One field needs your attention." : `${errorCount} fields need your attention.`}
          </p>
        ) : null}
        {ADDRESS_FORM_FIELD_NAMES.map((name) => (
          <AddressField
            key={name === "region" ? `region-${regionIsUsState(country, served) ? "state" : "text"}` : name}
            name={name}
            value={name === "country" ? country : state.values[name]}
            error={state.errors[name]}
            choices={
              name === "country"
                ? { options: countries, none: "Choose a country" }
                : name === "region" && regionIsUsState(country, served)
                  ? { options: US_STATE_CHOICES, none: "Choose a state" }
                  : null
            }
            onChange={name === "country" ? (value) => setTypedCountry({ attempt: state.attempt, country: value }) : undefined}
          />
        ))}
        <div className={bookStyles.checkbox}>
          <input id="address-make-default" type="checkbox" name={MAKE_DEFAULT_FIELD} defaultChecked={state.makeDefault} />
          <label htmlFor="address-make-default">Use as my default address at checkout</label>
        </div>
      </div>
      <button type="submit" className={styles.primary} disabled={pending}>
        {pending ? "Saving…" : addressId ? "Save address" : "Add address"}
      </button>
      <p>
        <Link href={`${ACCOUNT_PATH}#${ADDRESS_BOOK_ANCHOR}`}>Back to your account</Link>
      </p>
    </form>
  );
}

interface AddressFieldProps {
  name: AddressFormField;
  value: string;
  error: string | undefined;
  /** A select's options (code, name) and its first, empty option's words; null for a text field. */
  choices: { options: readonly (readonly [string, string])[]; none: string } | null;
  onChange?: (value: string) => void;
}

function AddressField({ name, value, error, choices, onChange }: AddressFieldProps) {
  const field = addressFormField(name);
  const id = `address-${name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    autoComplete: `shipping ${field.autoComplete}`,
    required: field.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    defaultValue: value,
    onChange: onChange ? (event: { target: { value: string } }) => onChange(event.target.value) : undefined,
  } as const;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{field.label}</label>
      {choices ? (
        <select {...common}>
          <option value="">{choices.none}</option>
          {choices.options.map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
      ) : (
        <input {...common} type={field.type} maxLength={field.max} inputMode={field.type === "tel" ? "tel" : undefined} />
      )}
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
