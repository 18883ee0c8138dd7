/**
 * What the checkout form shows after a submit that placed nothing: the
 * values typed, each field's error, and the refusal (which lines, why).
 * Pure and serializable: the server action returns it, the client form
 * (useActionState) renders it.
 */
import { EMPTY_CHECKOUT_VALUES, type CheckoutErrors, type CheckoutValues } from "./checkout-fields";

export interface CheckoutFormState {
  values: CheckoutValues;
  errors: CheckoutErrors;
  /** The sentence above the form; null when there is none. */
  problem: string | null;
  /** A line's refusal, by product id. */
  lineProblems: Record<string, string>;
  /** Raised by every submit, so the form can move focus to the news. */
  attempt: number;
  /** The discount code as the server last priced it for this cart (PricedDiscount); null before. */
  discount: PricedDiscount | null;
}

/** A code the server priced: what it takes off this cart's goods now. */
export interface PricedDiscount {
  code: string;
  cents: number;
}

export function initialCheckoutState(values: Partial<CheckoutValues>): CheckoutFormState {
  return { values: { ...EMPTY_CHECKOUT_VALUES, ...values }, errors: {}, problem: null, lineProblems: {}, attempt: 0, discount: null };
}
