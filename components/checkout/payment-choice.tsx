import type { PaymentMethod } from "@/lib/data/contract/payment-states";
import { CHECKOUT_FIELDS, checkedPayment, offeredChoices } from "@/lib/orders/checkout-fields";
import styles from "./checkout-form.module.css";

/**
 * How to pay, as the shop offers it now (lib/orders/payment-offer.ts): a
 * choice of each way offered, each with its hint, where there are two; the
 * one way as a hidden field where there is one (the summary says it in
 * words: onlyPaymentNote), with the refusal of a way no longer offered
 * (the page was older than the offer); nothing where none is open (Place order is
 * disabled, and says why).
 */
export function PaymentChoice({ offer, value, error }: { offer: readonly PaymentMethod[]; value: string; error: string | undefined }) {
  if (offer.length === 0) return null;
  if (offer.length === 1)
    return (
      <>
        <input type="hidden" name="paymentMethod" value={offer[0]} />
        {error ? (
          <p id="checkout-paymentMethod-error" className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </>
    );
  const checked = checkedPayment(value, offer);
  return (
    // A radio group, so a refusal marks it invalid and the form's focus lands on it (checkout-form.tsx).
    <fieldset
      className={styles.group}
      role="radiogroup"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? "checkout-paymentMethod-error" : undefined}
      tabIndex={error ? -1 : undefined}
    >
      <legend>{CHECKOUT_FIELDS.paymentMethod.label}</legend>
      {offeredChoices(offer).map((choice) => (
        <div key={choice.value} className={styles.choice}>
          <input
            type="radio"
            id={`checkout-payment-${choice.value}`}
            name="paymentMethod"
            value={choice.value}
            defaultChecked={choice.value === checked}
            aria-describedby={`checkout-payment-${choice.value}-hint${error ? " checkout-paymentMethod-error" : ""}`}
          />
          <label htmlFor={`checkout-payment-${choice.value}`}>{choice.label}</label>
          <p id={`checkout-payment-${choice.value}-hint`} className={styles.hint}>
            {choice.hint}
          </p>
        </div>
      ))}
      {error ? (
        <p id="checkout-paymentMethod-error" className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
