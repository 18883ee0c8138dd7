import { CHECKOUT_FIELDS, PAYMENT_CHOICES, checkedPayment } from "@/lib/orders/checkout-fields";
import styles from "./checkout-form.module.css";

/** How to pay, where the shop takes cards: by card (checked first) or on delivery; each choice with its hint. */
export function PaymentChoice({ value, error }: { value: string; error: string | undefined }) {
  const checked = checkedPayment(value);
  return (
    <fieldset className={styles.group} aria-describedby={error ? "checkout-paymentMethod-error" : undefined}>
      <legend>{CHECKOUT_FIELDS.paymentMethod.label}</legend>
      {PAYMENT_CHOICES.map((choice) => (
        <div key={choice.value} className={styles.choice}>
          <input
            type="radio"
            id={`checkout-payment-${choice.value}`}
            name="paymentMethod"
            value={choice.value}
            defaultChecked={choice.value === checked}
            aria-describedby={`checkout-payment-${choice.value}-hint`}
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
